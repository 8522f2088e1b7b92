import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/api-types.js';
import type { GuardianLoginResponse, LinkedStudent } from '../../../shared/guardians.js';
import {
  ACTIVE_STUDENT_KEY,
  linkedStudentFirstName,
  linkedStudentLabel,
  linkedStudentName,
  readChosenStudent,
  choiceLost,
  resolveActiveStudent,
  writeChosenStudent,
} from './active-student.js';

const aisha: LinkedStudent = { id: '20260001', first_name: 'Aisha', last_name: 'Mohammed', class_id: '2A' };
const zara: LinkedStudent = { id: '20260002', first_name: 'Zara', last_name: 'Mohammed', class_id: '4B' };

function guardian(students: LinkedStudent[]): GuardianLoginResponse {
  return { name: 'Sara Mohammed', initials: 'SM', role: 'guardian', email: 'sara@example.org', students };
}

const student: LoginResponse = {
  name: 'Aisha Mohammed',
  initials: 'AM',
  role: 'student',
  student_id: '20260001',
  password_reset: 0,
};
const admin: LoginResponse = {
  name: 'Admin',
  initials: 'OA',
  role: 'admin',
  username: 'office',
  display_name: 'Office',
};

describe('resolveActiveStudent', () => {
  it("is a student's own ID, whatever the tab remembers", () => {
    expect(resolveActiveStudent(student, null)).toBe('20260001');
    expect(resolveActiveStudent(student, '20260002')).toBe('20260001');
  });

  it('is nobody for an administrator or when no one is signed in', () => {
    expect(resolveActiveStudent(admin, '20260001')).toBeNull();
    expect(resolveActiveStudent(null, '20260001')).toBeNull();
  });

  it("is a guardian's only daughter without her choosing", () => {
    expect(resolveActiveStudent(guardian([aisha]), null)).toBe(aisha.id);
  });

  it('is the daughter chosen in this tab, among several; nobody until she chooses', () => {
    expect(resolveActiveStudent(guardian([aisha, zara]), null)).toBeNull();
    expect(resolveActiveStudent(guardian([aisha, zara]), zara.id)).toBe(zara.id);
    expect(resolveActiveStudent(guardian([aisha, zara]), aisha.id)).toBe(aisha.id);
  });

  it('never is a student she is not linked to (any more): the remembered choice is checked against her list', () => {
    expect(resolveActiveStudent(guardian([aisha, zara]), '20269999')).toBeNull();
    // The office unlinked the daughter she had chosen: nobody (the chooser says so), never her other daughter.
    expect(resolveActiveStudent(guardian([aisha]), zara.id)).toBeNull();
    expect(choiceLost(guardian([aisha]), zara.id)).toBe(true);
    expect(choiceLost(guardian([aisha]), aisha.id)).toBe(false);
    expect(choiceLost(guardian([aisha]), null)).toBe(false);
    expect(resolveActiveStudent(guardian([]), aisha.id)).toBeNull();
  });
});

describe('names', () => {
  it('shows name and class, and falls back to the student ID when the record has no name', () => {
    expect(linkedStudentLabel(aisha)).toBe('Aisha Mohammed (2A)');
    expect(linkedStudentName(aisha)).toBe('Aisha Mohammed');
    expect(linkedStudentFirstName(aisha)).toBe('Aisha');
    const unnamed: LinkedStudent = { id: '20260003', first_name: null, last_name: null, class_id: null };
    expect(linkedStudentLabel(unnamed)).toBe('Student 20260003');
    expect(linkedStudentFirstName(unnamed)).toBe('Student 20260003');
  });
});

describe('the remembered choice', () => {
  it('is kept in the given storage, and reads as none when storage refuses', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    };
    expect(readChosenStudent(storage)).toBeNull();
    writeChosenStudent(storage, zara.id);
    expect(items.get(ACTIVE_STUDENT_KEY)).toBe(zara.id);
    expect(readChosenStudent(storage)).toBe(zara.id);

    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeChosenStudent(refusing, zara.id)).not.toThrow();
    expect(readChosenStudent(refusing)).toBeNull();
    expect(readChosenStudent(null)).toBeNull();
  });
});
