import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { LookupList } from '../../shared/student-fields.js';
import { EthnicGroup, FormClass, House, RegionalCorporation, Religion, Town } from './entities/lookups.entities.js';

/** The lookup lists of the record (classes, houses, religions...): listing them and checking a value names one. */
@Injectable()
export class LookupsService {
  constructor(
    @InjectRepository(FormClass) private readonly formClasses: Repository<FormClass>,
    @InjectRepository(Town) private readonly towns: Repository<Town>,
    @InjectRepository(RegionalCorporation) private readonly regions: Repository<RegionalCorporation>,
    @InjectRepository(Religion) private readonly religions: Repository<Religion>,
    @InjectRepository(EthnicGroup) private readonly ethnicGroups: Repository<EthnicGroup>,
    @InjectRepository(House) private readonly houses: Repository<House>,
  ) {}

  /** Whether a value names an entry of a lookup list (a record may only point at existing entries). */
  async contains(list: LookupList, value: string | number): Promise<boolean> {
    switch (list) {
      case 'formClasses':
        return this.formClasses.existsBy({ class_id: String(value) });
      case 'houses':
        return this.houses.existsBy({ id: Number(value) });
      case 'religions':
        return this.religions.existsBy({ code: Number(value) });
      case 'ethnicGroups':
        return this.ethnicGroups.existsBy({ id: Number(value) });
      case 'regions':
        return this.regions.existsBy({ title: String(value) });
    }
  }

  listFormClasses() {
    return this.formClasses.find({ order: { form_level: 'ASC', class_id: 'ASC' } });
  }

  async listTowns() {
    return (await this.towns.find({ order: { town_name: 'ASC' } })).map(({ town_name }) => ({ town_name }));
  }

  async listRegions() {
    return (await this.regions.find({ order: { title: 'ASC' } })).map(({ title }) => ({ title }));
  }

  listReligions() {
    return this.religions.find({ order: { code: 'ASC' } });
  }

  listEthnicGroups() {
    return this.ethnicGroups.find({ order: { id: 'ASC' } });
  }

  listHouses() {
    return this.houses.find({ order: { id: 'ASC' } });
  }
}
