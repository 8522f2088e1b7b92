import { describe, expect, it } from 'vitest';
import { matchesStudentSearch, normaliseSearch, type SearchableStudent, searchStudents } from './student-search.js';

const chloe: SearchableStudent = {
  id: '20267003',
  first_name: 'Chloe',
  last_name: 'Ali',
  class_id: '1A',
  birth_certificate_no: 'EBP-7003',
};
const zoe: SearchableStudent = {
  id: '20257010',
  first_name: 'Zoë',
  last_name: 'De Souza',
  class_id: '2B',
  birth_certificate_no: null,
};
const unplaced: SearchableStudent = {
  id: '20267020',
  first_name: null,
  last_name: 'Mohammed',
  class_id: null,
  birth_certificate_no: null,
};
const students = [chloe, zoe, unplaced];
const found = (query: string) => searchStudents(students, query).map((s) => s.id);

describe('normaliseSearch', () => {
  it('lower-cases, drops accents, trims and makes every run of spaces one', () => {
    expect(normaliseSearch('  Zoë   DE  souza ')).toBe('zoe de souza');
    expect(normaliseSearch('Ali ,Chloe')).toBe('ali, chloe');
    expect(normaliseSearch(null)).toBe('');
  });
});

describe('matchesStudentSearch', () => {
  it.each([
    ['her whole ID', '20267003'],
    ['part of her ID', '67003'],
    ['her first name', 'chloe'],
    ['her first name in capitals', 'CHLOE'],
    ['her last name', 'Ali'],
    ['part of a name', 'chlo'],
    ['first last', 'Chloe Ali'],
    ['first last with extra spaces', '  chloe    ali  '],
    ['last first', 'ali chloe'],
    ['last, first', 'Ali, Chloe'],
    ['last,first without a space', 'ali,chloe'],
    ['last , first with spaces around the comma', 'Ali  ,  Chloe'],
    ['her birth certificate pin', 'ebp-7003'],
    ['her pin without its dash', 'EBP7003'],
    ['her pin with a space for the dash', 'ebp 7003'],
    ['her class', '1A'],
    ['her class in lower case', '1a'],
    ['her class named as such', 'Class 1A'],
    ['her form level', 'Form 1'],
    ['her form level in lower case, no space', 'form1'],
  ])('finds her by %s (%j)', (_, query) => {
    expect(matchesStudentSearch(chloe, query)).toBe(true);
  });

  it.each([
    ['another name', 'Baptiste'],
    ['another class', '1B'],
    ['another form level', 'Form 2'],
    ['first, last (a comma means last, first)', 'Chloe, Ali'],
    ['a class that only starts like hers', '1'],
  ])('does not find her by %s (%j)', (_, query) => {
    expect(matchesStudentSearch(chloe, query)).toBe(false);
  });

  it('finds a name with an accent by its plain letters, and a last name of two words', () => {
    expect(matchesStudentSearch(zoe, 'zoe')).toBe(true);
    expect(matchesStudentSearch(zoe, 'de souza, zoe')).toBe(true);
    expect(matchesStudentSearch(zoe, 'Zoë De Souza')).toBe(true);
  });

  it('copes with a student without a first name, a class or a pin', () => {
    expect(matchesStudentSearch(unplaced, 'mohammed')).toBe(true);
    expect(matchesStudentSearch(unplaced, 'Form 1')).toBe(false);
    expect(matchesStudentSearch(unplaced, 'class')).toBe(false);
  });
});

describe('searchStudents', () => {
  it('finds everyone for an empty or blank search, in their order', () => {
    expect(found('')).toEqual(['20267003', '20257010', '20267020']);
    expect(found('   ')).toEqual(['20267003', '20257010', '20267020']);
  });

  it('keeps the order of the list', () => {
    expect(found('2026')).toEqual(['20267003', '20267020']);
    expect(found('form 2')).toEqual(['20257010']);
    expect(found('2b')).toEqual(['20257010']);
  });
});
