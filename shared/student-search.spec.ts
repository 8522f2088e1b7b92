import { describe, expect, it } from 'vitest';
import {
  matchesFullName,
  matchesName,
  matchesStudentName,
  matchesStudentSearch,
  normaliseSearch,
  type SearchableStudent,
  searchStudents,
  searchWords,
} from './student-search.js';

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

// The names the office could not find, and the ones it found instead.
const nadiaTB: SearchableStudent = { id: '20261101', first_name: 'Nadia', last_name: 'Thomas-Baptiste' };
const nadiaT: SearchableStudent = { id: '20261102', first_name: 'Nadia', last_name: 'Thomas' };
const midWord: SearchableStudent = { id: '20261103', first_name: 'Anadia', last_name: 'Dethomas' };
const maya: SearchableStudent = { id: '20261104', first_name: 'Maya', last_name: 'Ali', class_id: '1A' };
const aaliyah: SearchableStudent = { id: '20261105', first_name: 'Aaliyah', last_name: 'Ramdial' };
const oneil: SearchableStudent = { id: '20261106', first_name: 'Kezia', last_name: "O'Neil" };
const girls = [nadiaTB, nadiaT, midWord, maya, aaliyah, oneil];
const who = (query: string) => searchStudents(girls, query).map((s) => `${s.first_name} ${s.last_name}`);

describe('searchWords and normaliseSearch', () => {
  it('lower-case, drop accents, and part words at spaces, hyphens, apostrophes and commas', () => {
    expect(searchWords('Thomas-Baptiste')).toEqual(['thomas', 'baptiste']);
    expect(searchWords('O\u2019Neil, Kezia')).toEqual(['o', 'neil', 'kezia']);
    expect(searchWords('  Zoë   DE  souza ')).toEqual(['zoe', 'de', 'souza']);
    expect(normaliseSearch('Ali ,Chloe')).toBe('ali, chloe');
    expect(normaliseSearch('  Zoë   DE  souza ')).toBe('zoe de souza');
    expect(normaliseSearch('Ann@Example.org')).toBe('ann@example.org');
    expect(normaliseSearch(null)).toBe('');
  });
});

describe('the rule: every word starts a word of her names, or starts her ID, in any order', () => {
  it("finds 'Thomas-Baptiste, Nadia' by 'Thomas Nadia', with Nadia Thomas; not a girl with the words mid-name", () => {
    expect(who('Thomas Nadia')).toEqual(['Nadia Thomas-Baptiste', 'Nadia Thomas']);
    expect(who('nadia thomas')).toEqual(['Nadia Thomas-Baptiste', 'Nadia Thomas']);
  });

  it("finds her by both parts of a hyphenated name ('Thomas Baptiste'), and by the second alone", () => {
    expect(who('Thomas Baptiste')).toEqual(['Nadia Thomas-Baptiste']);
    expect(who('Thomas-Baptiste')).toEqual(['Nadia Thomas-Baptiste']);
    expect(who('baptiste')).toEqual(['Nadia Thomas-Baptiste']);
    expect(who('Thomas-Baptiste, Nadia')).toEqual(['Nadia Thomas-Baptiste']);
  });

  it("finds Maya Ali by 'Ali Maya', 'Maya Ali' and 'Ali, Maya'; 'Ali' never finds Aaliyah", () => {
    expect(who('Ali Maya')).toEqual(['Maya Ali']);
    expect(who('Maya Ali')).toEqual(['Maya Ali']);
    expect(who('Ali, Maya')).toEqual(['Maya Ali']);
    expect(who('Ali')).toEqual(['Maya Ali']);
    expect(who('aal')).toEqual(['Aaliyah Ramdial']);
  });

  it('treats an apostrophe like a space', () => {
    expect(who("O'Neil")).toEqual(["Kezia O'Neil"]);
    expect(who('oneil')).toEqual([]);
    expect(who('neil kez')).toEqual(["Kezia O'Neil"]);
  });

  it('matches her ID from its start only, alone or beside a name', () => {
    expect(matchesStudentName(maya, '2026110')).toBe(true);
    expect(matchesStudentName(maya, '61104')).toBe(false);
    expect(matchesStudentName(maya, '20261104 maya')).toBe(true);
    expect(matchesStudentName(maya, '20261104 chloe')).toBe(false);
  });

  it('needs every word: one word that matches nothing leaves her out', () => {
    expect(who('Nadia Ramdial')).toEqual([]);
  });
});

describe('matchesStudentSearch', () => {
  it.each([
    ['her whole ID', '20267003'],
    ['the start of her ID', '202670'],
    ['her first name', 'chloe'],
    ['her first name in capitals', 'CHLOE'],
    ['her last name', 'Ali'],
    ['the start of a name', 'chlo'],
    ['first last', 'Chloe Ali'],
    ['first last with extra spaces', '  chloe    ali  '],
    ['last first', 'ali chloe'],
    ['last, first', 'Ali, Chloe'],
    ['last,first without a space', 'ali,chloe'],
    ['last , first with spaces around the comma', 'Ali  ,  Chloe'],
    ['first, last', 'Chloe, Ali'],
    ['her birth certificate pin', 'ebp-7003'],
    ['her pin without its dash', 'EBP7003'],
    ['her pin with a space for the dash', 'ebp 7003'],
    ['the start of her pin', 'EBP-70'],
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
    ['the middle of her ID', '67003'],
    ['the middle of a name', 'hloe'],
    ['the middle of her pin', '7003'],
    ['another class', '1B'],
    ['another form level', 'Form 2'],
    ['a class that only starts like hers', '1'],
  ])('does not find her by %s (%j)', (_, query) => {
    expect(matchesStudentSearch(chloe, query)).toBe(false);
  });

  it('finds a name with an accent by its plain letters, and a last name of two words', () => {
    expect(matchesStudentSearch(zoe, 'zoe')).toBe(true);
    expect(matchesStudentSearch(zoe, 'de souza, zoe')).toBe(true);
    expect(matchesStudentSearch(zoe, 'Zoë De Souza')).toBe(true);
    expect(matchesStudentSearch(zoe, 'souza')).toBe(true);
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
    expect(found(' - , ')).toEqual(['20267003', '20257010', '20267020']);
  });

  it('keeps the order of the list', () => {
    expect(found('2026')).toEqual(['20267003', '20267020']);
    expect(found('form 2')).toEqual(['20257010']);
    expect(found('2b')).toEqual(['20257010']);
  });
});

describe('matchesFullName (Search for Student ID)', () => {
  it('finds her by words that start her first and her last name, in any order, hyphens parting words', () => {
    expect(matchesFullName(nadiaTB, 'Nadia Baptiste')).toBe(true);
    expect(matchesFullName(nadiaTB, 'thomas-baptiste nad')).toBe(true);
    expect(matchesFullName(maya, 'Ali Maya')).toBe(true);
  });

  it('needs both of her names, never her ID, and never a word inside a name', () => {
    expect(matchesFullName(nadiaTB, 'Thomas Baptiste')).toBe(false);
    expect(matchesFullName(maya, '20261104 Maya')).toBe(false);
    expect(matchesFullName(aaliyah, 'Ali Ramdial')).toBe(false);
  });
});

describe("matchesName (a parent's name or address in the Outbox)", () => {
  it('every word starts a word of the name, any order; case and accents ignored, hyphens and dots part words', () => {
    expect(matchesName('Khálila Mohammed-Baksh', 'ali')).toBe(false);
    expect(matchesName('Khálila Mohammed-Baksh', 'khal')).toBe(true);
    expect(matchesName('Khálila Mohammed-Baksh', 'BAKSH khalila')).toBe(true);
    expect(matchesName("Maya O'Neil", 'neil')).toBe(true);
    expect(matchesName('khalila.mb@example.tt', 'khalila.mb')).toBe(true);
    expect(matchesName('khalila.mb@example.tt', 'ila')).toBe(false);
    expect(matchesName(null, 'a')).toBe(false);
  });
});
