import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { FIELD_MESSAGES } from '../../shared/student-fields.js';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeRegistrationStatus } from '../../test/fakes/registration-status.js';
import { fakeSharedCache } from '../../test/fakes/shared-cache.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeTermsVersions } from '../../test/fakes/terms-versions.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { TermsService } from '../terms/terms.service.js';
import type { FirstPasswordFollower } from '../users/first-password-follower.js';
import type { AddressWriters, RecordSave } from './address-writers.js';
import type { SaveStudentBody } from './dto/save-student.dto.js';
import { RegistrationWindow } from './registration-window.js';
import { RecordChangeHooks } from './record-change-hooks.js';
import { StudentsService } from './students.service.js';
import { TermsAgreement } from './terms-agreement.js';
import { OFFICE_ADMIN, freezeDateEachTest, refusal } from '../../test/fakes/spec-helpers.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const SAVED_BEFORE = '2026-02-01T00:00:00.000Z';
const ADMIN = OFFICE_ADMIN;
const STUDENT: SessionUser = { ...ADMIN, id: 2, role: 'student', student_id: 'S001', username: 'S001' };
const CONFIG = { timeZone: 'America/Port_of_Spain' } as AppConfig;

function setup(registration: { open: number; deadline: string | null } = { open: 1, deadline: null }) {
  const tx = fakeTransactions();
  const students = fakeStudentsRepository([
    {
      id: 'S001',
      first_name: 'Anya',
      last_name: 'Ali',
      date_of_birth: '2011-05-04',
      house_code: 1,
      phone_home: '5550100',
      religion_code: 2,
      terms_version: null,
      terms_agreed_at: null,
      updated_at: SAVED_BEFORE,
    },
  ]);
  const audit = fakeAudit();
  const window = new RegistrationWindow(
    CONFIG,
    tx,
    fakeRegistrationStatus(registration),
    audit,
    fakeSharedCache(),
    students,
  );
  const lookups = {
    contains: async (list: string, value: string | number) => list !== 'religions' || [1, 2, 3].includes(Number(value)),
  } as unknown as LookupsService;
  const terms = new TermsService(tx, fakeTermsVersions(['The terms.']), audit);
  const addressSaves: RecordSave[] = [];
  const addressWriters = {
    recordSave: async (_user: SessionUser, _id: string, save: RecordSave) => void addressSaves.push(save),
  } as unknown as AddressWriters;
  const followed: unknown[] = [];
  const firstPasswords = {
    prepare: async () => new Map([['2011-06-04', 'hash']]),
    follow: async (_actor: SessionUser, corrections: { studentId: string }[]) => {
      followed.push(...corrections);
      return new Map(corrections.map((c) => [c.studentId, 'follows']));
    },
  } as unknown as FirstPasswordFollower;
  const service = new StudentsService(
    tx,
    CONFIG,
    students,
    window,
    lookups,
    audit,
    new TermsAgreement(terms, students, audit),
    addressWriters,
    firstPasswords,
    new RecordChangeHooks(),
  );
  const save = (user: SessionUser, body: Record<string, unknown>) =>
    service.save(user, { id: 'S001', ...body } as SaveStudentBody);
  return { service, save, students, audit, addressSaves, followed, tx };
}

freezeDateEachTest(NOW);

describe('StudentsService.save', () => {
  it('writes the fields that changed, one audit entry each with the old value, in one transaction', async () => {
    const { save, students, audit, tx, addressSaves } = setup();
    const answer = await save(STUDENT, { first_name: 'Anna', last_name: 'Ali', phone_home: '' });
    expect(answer).toEqual({
      id: 'S001',
      first_name: 'Anna',
      last_name: 'Ali',
      phone_home: null,
      updatedAt: NOW.toISOString(),
    });
    expect(students.updates).toEqual([
      {
        id: 'S001',
        changes: { first_name: 'Anna', phone_home: null, updated_at: NOW.toISOString() },
        inTransaction: true,
      },
    ]);
    expect(audit.trail.map((e) => [e.action, e.field, e.old_value, e.new_value, e.actor, e.inTransaction])).toEqual([
      ['student.updated', 'first_name', 'Anya', 'Anna', 'student:S001', true],
      ['student.updated', 'phone_home', '5550100', null, 'student:S001', true],
    ]);
    expect(addressSaves).toMatchObject([
      { sent: ['first_name', 'last_name', 'phone_home'], changed: ['first_name', 'phone_home'] },
    ]);
    expect(tx.committed).toBe(1);
  });

  it('changes nothing, and keeps the stored time, when the values are those stored', async () => {
    const { save, students, audit } = setup();
    expect(await save(STUDENT, { first_name: 'Anya' })).toEqual({
      id: 'S001',
      first_name: 'Anya',
      updatedAt: SAVED_BEFORE,
    });
    expect(students.updates).toEqual([]);
    expect(audit.trail).toEqual([]);
  });

  it('refuses a field changed since the client read it (409 with the value now), writing nothing', async () => {
    const { save, students } = setup();
    const error = await refusal(save(STUDENT, { first_name: 'Anna', expected: { first_name: 'Anja' } }));
    expect(error).toBeInstanceOf(ConflictException);
    expect(error.getResponse()).toMatchObject({
      message: MESSAGES.saveConflict,
      errors: { first_name: [MESSAGES.saveConflict] },
      current: { first_name: 'Anya' },
    });
    expect(students.updates).toEqual([]);
    // Saving the very value stored now agrees with the other device: no conflict.
    await save(STUDENT, { first_name: 'Anya', expected: { first_name: 'Anja' } });
    // What the client read, as it would be stored (trimmed), is no conflict either.
    await save(STUDENT, { first_name: 'Anna', expected: { first_name: ' Anya ' } });
    expect(students.rows.get('s001')?.first_name).toBe('Anna');
  });

  it('refuses an expected value for a field the save does not send (422)', async () => {
    const { save } = setup();
    const error = await refusal(save(STUDENT, { first_name: 'Anna', expected: { last_name: 'Ali' } }));
    expect(error.getStatus()).toBe(422);
    expect(error.getResponse()).toMatchObject({ errors: { expected: [MESSAGES.expectedUnknown] } });
  });

  it('lets only the office set the school’s fields, and only to a code of the list', async () => {
    const { save, students } = setup();
    const error = await refusal(save(STUDENT, { house_code: 2 }));
    expect(error.getStatus()).toBe(422);
    expect(error.getResponse()).toMatchObject({ errors: { house_code: [FIELD_MESSAGES.schoolSet] } });
    expect(students.updates).toEqual([]);
    await save(ADMIN, { house_code: 2 });
    expect(students.rows.get('s001')?.house_code).toBe(2);

    const unknown = await refusal(save(STUDENT, { religion_code: 9 }));
    expect(unknown.getResponse()).toMatchObject({ errors: { religion_code: [FIELD_MESSAGES.code] } });
  });

  it('refuses a student’s save while registration is closed (403), and takes the office’s', async () => {
    const { save, students } = setup({ open: 0, deadline: null });
    expect(await refusal(save(STUDENT, { first_name: 'Anna' }))).toBeInstanceOf(ForbiddenException);
    expect(students.updates).toEqual([]);
    await save(ADMIN, { first_name: 'Anna' });
    expect(students.rows.get('s001')?.first_name).toBe('Anna');
  });

  it('moves the first password with a date of birth the office corrects, not with a family’s', async () => {
    const office = setup();
    expect(await office.save(ADMIN, { date_of_birth: '2011-06-04' })).toMatchObject({ first_password: 'follows' });
    expect(office.followed).toEqual([{ studentId: 'S001', dateOfBirth: '2011-06-04' }]);

    const family = setup();
    const answer = await family.save(STUDENT, { date_of_birth: '2011-06-04' });
    expect(answer).not.toHaveProperty('first_password');
    expect(family.followed).toEqual([]);
    expect(family.students.rows.get('s001')?.date_of_birth).toBe('2011-06-04');
  });

  it('stamps the terms’ version beside the tick', async () => {
    const { save, students } = setup();
    const answer = await save(STUDENT, { agree_terms_conditions: 1, terms_version_read: 1 });
    expect(answer).toMatchObject({ agree_terms_conditions: 1, terms_version: 1, terms_agreed_at: NOW.toISOString() });
    expect(students.rows.get('s001')).toMatchObject({ agree_terms_conditions: 1, terms_version: 1 });
  });

  it('answers 404 for a student who does not exist', async () => {
    const { service } = setup();
    await expect(service.save(ADMIN, { id: 'S404', first_name: 'X' } as SaveStudentBody)).rejects.toBeInstanceOf(
      NotFoundException,
    );
    await expect(service.getRecord('S404')).rejects.toBeInstanceOf(NotFoundException);
  });
});
