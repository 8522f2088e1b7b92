// The one rule for what a typed search finds wherever the office (or a family) looks a student up: the Students
// table (in the browser), the Hold dialog's student box, the sign-in page's 'Search for Student ID' and the Outbox
// (which finds parents by their names the same way) (docs/product.md §2 Admin students screen). Framework-free so
// that it is unit-tested in Node (student-search.spec.ts) and the server and the browser find alike.

/** What the search looks at in a student. */
export interface SearchableStudent {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id?: string | null;
  birth_certificate_no?: string | null;
}

/** The most a search may be: longer text is no name, ID or pin. */
export const STUDENT_SEARCH_MAX = 100;

/** Lower case, accents (and compatibility forms) dropped: 'Zoë' and 'ZOE' are both 'zoe'. */
function plain(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a name or of a search: split at anything that is not a letter or a digit, so hyphens, apostrophes,
 * commas and spaces all part words ('Thomas-Baptiste' is 'thomas' and 'baptiste', "O'Neil" is 'o' and 'neil').
 */
export function searchWords(text: string | null | undefined): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A search as one comparable string (to tell whether it changed, or is empty): lower case, accents dropped, spaces
 * around a comma made one ', ', runs of spaces made one, ends trimmed: 'Ali ,  Chloe ' and 'ali, chloe' are the same
 * search. The rule itself reads its words (searchWords).
 */
export function normaliseSearch(text: string | null | undefined): string {
  return plain(text).replace(/\s+/g, ' ').replace(/ ?, ?/g, ', ').trim();
}

/** 'form 1' → '1', 'form1' → '1'; anything else null. */
function formLevelSearched(words: string[]): string | null {
  const joined = words.join(' ');
  return /^form ?([1-6])$/.exec(joined)?.[1] ?? null;
}

/** '1a', 'class 1a', 'form 1a' → '1a': a whole class id, matched exactly (so '1a' is not '1ab'). */
function classSearched(words: string[]): string {
  return words
    .join('')
    .replace(/^(class|form)/, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Letters and digits only: a pin or class written with or without its spaces and dashes. */
const compact = (text: string | null | undefined) => searchWords(text).join('');

/**
 * Whether every word of `query` starts a word of her first or last name, or starts her ID, in any order:
 * 'Thomas Nadia' and 'nadia thomas-b' find Nadia Thomas-Baptiste; 'Ali' finds Maya Ali, never Aaliyah.
 */
export function matchesStudentName(student: SearchableStudent, query: string): boolean {
  return everyWordStarts(
    [...searchWords(student.first_name), ...searchWords(student.last_name), compact(student.id)],
    query,
  );
}

/**
 * The same rule for anyone's name (a parent's in the Outbox): every word of `query` starts a word of `name`, in any
 * order, case, accents, hyphens and apostrophes not counting. 'ali' finds Maya Ali, never Khalila.
 */
export function matchesName(name: string | null | undefined, query: string): boolean {
  return everyWordStarts(searchWords(name), query);
}

function everyWordStarts(words: string[], query: string): boolean {
  return searchWords(query).every((w) => words.some((word) => word.startsWith(w)));
}

/**
 * 'Search for Student ID' on the sign-in page (docs/product.md §2 Student login): the rule of matchesStudentName
 * without her ID (the ID is what she is looking for), and narrower, because it hands out half of a credential: her
 * first name and her last name must both be among the words matched. 'Nadia Baptiste' finds Nadia Thomas-Baptiste.
 */
export function matchesFullName(student: SearchableStudent, query: string): boolean {
  const wanted = searchWords(query);
  const first = searchWords(student.first_name);
  const last = searchWords(student.last_name);
  const starts = (words: string[]) => (w: string) => words.some((word) => word.startsWith(w));
  return (
    wanted.every((w) => starts(first)(w) || starts(last)(w)) && wanted.some(starts(first)) && wanted.some(starts(last))
  );
}

/**
 * Whether a student is found by `query` (docs/product.md §2 Admin students screen): every word of it starts a word of
 * her first or last name or starts her ID (matchesStudentName); or the whole of it names her class ('1A', 'Class
 * 1A'), her form level ('Form 1') or starts her birth certificate pin. Case, accents, hyphens, apostrophes, commas
 * and extra spaces do not count. An empty search finds everyone.
 */
export function matchesStudentSearch(student: SearchableStudent, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const classId = compact(student.class_id);
  const level = formLevelSearched(words);
  if (level !== null) return classId.startsWith(level);
  if (classId && classId === classSearched(words)) return true;
  const pin = compact(student.birth_certificate_no);
  if (pin && pin.startsWith(words.join(''))) return true;
  return matchesStudentName(student, query);
}

/** The students `query` finds, in their order. */
export function searchStudents<T extends SearchableStudent>(students: readonly T[], query: string): T[] {
  if (searchWords(query).length === 0) return [...students];
  return students.filter((s) => matchesStudentSearch(s, query));
}
