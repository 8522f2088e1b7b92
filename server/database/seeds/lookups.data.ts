// Reference lists for Trinidad and Tobago (copied from the project's shared reference data).
// Houses are school-specific: the names below are placeholders an operator replaces.

export const LOOKUPS = {
  "regional_corporations": [
    "Port of Spain City Corporation",
    "San Fernando City Corporation",
    "Arima Borough Corporation",
    "Chaguanas Borough Corporation",
    "Point Fortin Borough Corporation",
    "Couva-Tabaquite-Talparo Regional Corporation",
    "Diego Martin Regional Corporation",
    "Mayaro-Rio Claro Regional Corporation",
    "Penal-Debe Regional Corporation",
    "Princes Town Regional Corporation",
    "San Juan-Laventille Regional Corporation",
    "Sangre Grande Regional Corporation",
    "Siparia Regional Corporation",
    "Tunapuna-Piarco Regional Corporation",
    "Tobago House of Assembly"
  ],
  "towns": [
    "Arima",
    "Arouca",
    "Barataria",
    "Belmont",
    "Biche",
    "Carenage",
    "Caroni",
    "Cedros",
    "Chaguanas",
    "Chaguaramas",
    "Claxton Bay",
    "Couva",
    "Cunupia",
    "Curepe",
    "D'Abadie",
    "Debe",
    "Diego Martin",
    "El Socorro",
    "Fyzabad",
    "Gasparillo",
    "Glencoe",
    "La Brea",
    "La Horquetta",
    "Laventille",
    "Lopinot",
    "Macoya",
    "Marabella",
    "Maraval",
    "Mayaro",
    "Morvant",
    "Moruga",
    "Penal",
    "Petit Valley",
    "Piarco",
    "Point Fortin",
    "Point Lisas",
    "Port of Spain",
    "Princes Town",
    "Rio Claro",
    "St. Augustine",
    "St. James",
    "St. Joseph",
    "San Fernando",
    "San Juan",
    "Sangre Grande",
    "Santa Cruz",
    "Siparia",
    "Tabaquite",
    "Tacarigua",
    "Talparo",
    "Toco",
    "Trincity",
    "Tunapuna",
    "Valencia",
    "Westmoorings",
    "Woodbrook",
    "Crown Point",
    "Roxborough",
    "Scarborough",
    "Plymouth",
    "Canaan"
  ],
  "religions": [
    {
      "code": 1,
      "religion": "Anglican"
    },
    {
      "code": 2,
      "religion": "Baptist"
    },
    {
      "code": 3,
      "religion": "Hindu"
    },
    {
      "code": 4,
      "religion": "Jehovah's Witness"
    },
    {
      "code": 5,
      "religion": "Methodist"
    },
    {
      "code": 6,
      "religion": "Moravian"
    },
    {
      "code": 7,
      "religion": "Muslim"
    },
    {
      "code": 8,
      "religion": "Orisha"
    },
    {
      "code": 9,
      "religion": "Pentecostal / Evangelical"
    },
    {
      "code": 10,
      "religion": "Presbyterian"
    },
    {
      "code": 11,
      "religion": "Rastafarian"
    },
    {
      "code": 12,
      "religion": "Roman Catholic"
    },
    {
      "code": 13,
      "religion": "Seventh-day Adventist"
    },
    {
      "code": 14,
      "religion": "Spiritual Baptist"
    },
    {
      "code": 15,
      "religion": "Other"
    },
    {
      "code": 16,
      "religion": "None"
    }
  ],
  "ethnic_groups": [
    {
      "id": 1,
      "group_type": "African"
    },
    {
      "id": 2,
      "group_type": "East Indian"
    },
    {
      "id": 3,
      "group_type": "Mixed - African/East Indian"
    },
    {
      "id": 4,
      "group_type": "Mixed - Other"
    },
    {
      "id": 5,
      "group_type": "Chinese"
    },
    {
      "id": 6,
      "group_type": "Caucasian"
    },
    {
      "id": 7,
      "group_type": "Indigenous"
    },
    {
      "id": 8,
      "group_type": "Portuguese"
    },
    {
      "id": 9,
      "group_type": "Syrian/Lebanese"
    },
    {
      "id": 10,
      "group_type": "Other"
    }
  ],
  "houses_demo": [
    {
      "id": 1,
      "name": "House A"
    },
    {
      "id": 2,
      "name": "House B"
    },
    {
      "id": 3,
      "name": "House C"
    },
    {
      "id": 4,
      "name": "House D"
    }
  ],
  "form_levels": {
    "1": "Form 1",
    "2": "Form 2",
    "3": "Form 3",
    "4": "Form 4",
    "5": "Form 5",
    "6": "Form 6 (Lower and Upper Six)"
  }
} as const;
