// The Students table's search (docs/product.md §2 Admin students screen): the one rule for what a typed search
// finds, kept framework-free so that it is unit-tested in Node (student-search.spec.ts).

/** What the search looks at in a row of the Students table. */
export interface SearchableStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  birth_certificate_no: string | null;
}

/**
 * Lower case, accents dropped ('Zoë' is found by 'zoe'), spaces around a comma made one ', ', runs of spaces made
 * one, ends trimmed: 'Ali ,  Chloe ' and 'ali, chloe' are the same search.
 */
export function normaliseSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?, ?/g, ', ')
    .trim();
}

/** 'form 1' → 1, 'form1' → 1; anything else null. */
function formLevelSearched(needle: string): string | null {
  return /^form ?([1-6])$/.exec(needle)?.[1] ?? null;
}

/** '1a', 'class 1a', 'form 1a' → '1a': a whole class id, matched exactly (so '1a' is not '1ab'). */
function classSearched(needle: string): string {
  return needle.replace(/^(class|form) ?/, '');
}

/**
 * Whether a student is found by `query`: her ID, first name, last name, 'first last', 'last first',
 * 'last, first' or birth certificate pin containing it, or her class named ('1A', 'class 1A'), or her form level
 * ('Form 1'). Case, accents and extra spaces do not count. An empty search finds everyone.
 */
export function matchesStudentSearch(student: SearchableStudent, query: string): boolean {
  const needle = normaliseSearch(query);
  if (!needle) return true;
  const classId = normaliseSearch(student.class_id);
  const level = formLevelSearched(needle);
  if (level !== null) return classId.startsWith(level);
  if (classId && classId === classSearched(needle)) return true;
  const first = normaliseSearch(student.first_name);
  const last = normaliseSearch(student.last_name);
  const pin = normaliseSearch(student.birth_certificate_no);
  // A pin typed with or without its spaces and dashes ('cb 1234-5', 'CB12345').
  const compact = (text: string) => text.replace(/[\s-]/g, '');
  if (compact(needle) && compact(pin).includes(compact(needle))) return true;
  return [normaliseSearch(student.id), `${first} ${last}`, `${last} ${first}`, `${last}, ${first}`].some((text) =>
    text.includes(needle),
  );
}

/** The students `query` finds, in their order. */
export function searchStudents<T extends SearchableStudent>(students: readonly T[], query: string): T[] {
  if (!normaliseSearch(query)) return [...students];
  return students.filter((s) => matchesStudentSearch(s, query));
}
