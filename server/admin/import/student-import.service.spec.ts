import type { Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import type { ImportGuardianInvitation } from '../../../shared/guardians.js';
import { fakeAudit } from '../../../test/fakes/audit.js';
import { fakeOutbox } from '../../../test/fakes/outbox.js';
import { fakeStudentsRepository } from '../../../test/fakes/students-repository.js';
import { fakeTransactions } from '../../../test/fakes/transactions.js';
import { fakeUsers } from '../../../test/fakes/users.js';
import type { SessionUser } from '../../common/session-user.js';
import { importSpreadsheet } from '../../common/spreadsheets/spreadsheet-import.js';
import type { AppConfig } from '../../config/app-config.js';
import type { GuardianInvitationsService } from '../../guardians/guardian-invitations.service.js';
import type { LookupsService } from '../../lookups/lookups.service.js';
import type { FirstPasswordFollower } from '../../users/first-password-follower.js';
import { INITIAL_PASSWORD_COST, type PasswordHasher } from '../../users/password-hasher.js';
import { StudentImportService } from './student-import.service.js';
import { OFFICE_ADMIN, freezeDateEachTest } from '../../../test/fakes/spec-helpers.js';

const ADMIN = OFFICE_ADMIN;
const HEADER = 'id,first_name,last_name,class_id,date_of_birth,sex,house_code,guardian_email';

function setup() {
  const tx = fakeTransactions();
  const students = fakeStudentsRepository([
    {
      id: 'S001',
      first_name: 'Anya',
      last_name: 'Ali',
      class_id: '1A',
      date_of_birth: '2011-05-04',
      sex: 'Female',
      house_code: 1,
      phone_home: '5550100',
    },
  ]);
  const users = fakeUsers();
  const classes = ['1A'];
  const houses = [1, 2, 3];
  const lookups = {
    houseIds: async () => [...houses],
    formClassIds: async () => [...classes],
    addFormClasses: async (ids: readonly string[]) => void classes.push(...ids),
  } as unknown as LookupsService;
  const queued: ImportGuardianInvitation[] = [];
  const invitations = {
    // Every pair is new here: which ones an import leaves out is GuardianInvitationsService's own spec.
    toInvite: async (pairs: ImportGuardianInvitation[]) => pairs,
    queueInvitations: async (wanted: ImportGuardianInvitation[]) => void queued.push(...wanted),
  } as unknown as GuardianInvitationsService;
  const corrected: unknown[] = [];
  const firstPasswords = {
    prepare: async (_c: unknown, _cost: number, hashes: Map<string, string>) => hashes,
    follow: async (_actor: SessionUser, corrections: unknown[]) => void corrected.push(...corrections),
  } as unknown as FirstPasswordFollower;
  const hasher = { hash: async (p: string, cost?: number) => `hash(${p},${cost})` } as unknown as PasswordHasher;
  const audit = fakeAudit();
  const outbox = fakeOutbox();
  const config = { timeZone: 'America/Port_of_Spain' } as AppConfig;
  const service = new StudentImportService(
    config,
    tx,
    hasher,
    audit,
    students,
    invitations,
    outbox,
    firstPasswords,
    lookups,
    users,
  );
  /** Posts a CSV as the office's import route does, with or without `?dry_run=1`. */
  const post = async (lines: string[], dryRun = false) => {
    const buffer = Buffer.from([HEADER, ...lines].join('\n') + '\n');
    const status = vi.fn();
    const answer = await importSpreadsheet(
      service,
      {
        file: { buffer, originalname: 'students.csv', size: buffer.length },
        dryRun: dryRun ? '1' : undefined,
        actor: ADMIN,
        res: { status } as unknown as Response,
      },
      { noFileMessage: 'No file.' },
    );
    return { answer, status };
  };
  return { post, tx, students, users, classes, houses, queued, corrected, audit, outbox };
}

freezeDateEachTest('2026-03-02T12:00:00.000Z');

const NEW_ROW = 'S002,Bea,Baptiste,2b,04/09/2012,f,2,Mum@Example.com';
const UPDATE_ROW = 'S001,Anya,Ali,1A,2011-05-04,Female,3,';
const SAME_ROW = 'S001,,,,,,3,'; // after UPDATE_ROW

describe('StudentImportService', () => {
  it('on a dry run answers what it would do and writes nothing', async () => {
    const { post, tx, students, users, classes, queued, audit } = setup();
    const { answer, status } = await post([NEW_ROW, UPDATE_ROW], true);
    expect(answer).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: 0,
      classes_created: ['2B'],
      guardian_invitations: [{ student_id: 'S002', email: 'mum@example.com' }],
      dry_run: true,
      committed: false,
      error_count: 0,
    });
    expect(status).not.toHaveBeenCalled();
    expect(tx.committed).toBe(0);
    expect([...students.rows.keys()]).toEqual(['s001']);
    expect(students.rows.get('s001')?.house_code).toBe(1);
    expect(users.rows).toEqual([]);
    expect(classes).toEqual(['1A']);
    expect(queued).toEqual([]);
    expect(audit.trail).toEqual([]);
  });

  it('creates new students, their accounts on the first password and new classes, in one transaction', async () => {
    const { post, tx, students, users, classes, queued, audit, outbox } = setup();
    const { answer } = await post([NEW_ROW]);
    expect(answer).toMatchObject({ created: 1, committed: true, classes_created: ['2B'] });
    expect(tx.committed).toBe(1);
    expect(students.rows.get('s002')).toMatchObject({
      id: 'S002',
      first_name: 'Bea',
      last_name: 'Baptiste',
      class_id: '2B',
      date_of_birth: '2012-09-04',
      sex: 'Female',
      house_code: 2,
    });
    expect(classes).toEqual(['1A', '2B']);
    // Her first password is her date of birth, hashed at the cost for dates of birth, to be changed at sign-in.
    expect(users.rows).toMatchObject([
      {
        role: 'student',
        student_id: 'S002',
        display_name: 'Bea Baptiste',
        password_hash: `hash(20120904,${INITIAL_PASSWORD_COST})`,
        password_reset: 1,
      },
    ]);
    expect(queued).toEqual([{ student_id: 'S002', email: 'mum@example.com' }]);
    expect(outbox.wakes).toBe(1);
    expect(audit.trail.map((e) => [e.action, e.entity_id ?? null])).toEqual([
      ['students.imported', null],
      ['student.imported', 'S002'],
    ]);
    expect(audit.trail[0].new_value).toEqual({ file: 'students.csv', created: 1, updated: 0, classes_created: ['2B'] });
  });

  it('updates only the columns a row fills and changes, audited with the old value; an empty cell keeps', async () => {
    const { post, students, users, audit, outbox } = setup();
    const { answer } = await post([UPDATE_ROW]);
    expect(answer).toMatchObject({ created: 0, updated: 1, unchanged: 0, committed: true });
    expect(students.updates).toEqual([
      { id: 'S001', changes: { house_code: 3, updated_at: '2026-03-02T12:00:00.000Z' }, inTransaction: true },
    ]);
    expect(students.rows.get('s001')).toMatchObject({ house_code: 3, phone_home: '5550100', first_name: 'Anya' });
    expect(users.rows).toEqual([]);
    expect(audit.trail.at(-1)).toMatchObject({
      action: 'student.updated',
      entity_id: 'S001',
      field: 'house_code',
      old_value: 1,
      new_value: 3,
    });
    expect(outbox.wakes).toBe(0);

    const again = await post([SAME_ROW]);
    expect(again.answer).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('follows a corrected date of birth with the first password', async () => {
    const { post, corrected } = setup();
    await post(['S001,,,,2011-06-04,,,']);
    expect(corrected).toEqual([{ studentId: 'S001', dateOfBirth: '2011-06-04' }]);
  });

  it('refuses the whole file when a row is bad, naming each row and field, and writes nothing', async () => {
    const { post, tx, students, users, classes, queued, audit } = setup();
    const { answer, status } = await post([
      NEW_ROW,
      ',Cara,Cruz,1A,2012-01-01,F,1,',
      'S 3,Cara,Cruz,1A,2012-01-01,F,1,',
      'S002,Dup,Row,1A,2012-01-01,F,1,',
      'S004,Dana,Dee,7Z,2012-01-01,X,9,not-an-address',
      'S005,Eve,,3C,,F,1,',
    ]);
    expect(status).toHaveBeenCalledWith(422);
    expect(answer.committed).toBe(false);
    expect(answer.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'id'],
      [4, 'id'],
      [5, 'id'],
      [6, 'class_id'],
      [6, 'sex'],
      [6, 'house_code'],
      [6, 'guardian_email'],
      [7, 'last_name'],
      [7, 'date_of_birth'],
    ]);
    expect(answer.errors[2].message).toBe('Student S002 is already on row 2.');
    expect(answer.errors[7].message).toBe('Student S005 is new: her last name is needed.');
    // The classes only refused rows named are not promised; nothing was written.
    expect(answer.classes_created).toEqual(['2B']);
    expect(tx.committed).toBe(0);
    expect([...students.rows.keys()]).toEqual(['s001']);
    expect(users.rows).toEqual([]);
    expect(classes).toEqual(['1A']);
    expect(queued).toEqual([]);
    expect(audit.trail).toEqual([]);
  });

  it('writes nothing when a row that checked well is refused when checked again inside the transaction', async () => {
    const { post, tx, houses, students, audit } = setup();
    // Another request takes house 3 away between the check and the transaction: the transaction's own check refuses.
    const write = tx.write.bind(tx);
    tx.write = (work) => {
      houses.splice(houses.indexOf(3), 1);
      return write(work);
    };
    const { answer, status } = await post([UPDATE_ROW]);
    expect(status).toHaveBeenCalledWith(422);
    expect(answer).toMatchObject({ committed: false, error_count: 1, errors: [{ row: 2, field: 'house_code' }] });
    expect(students.updates).toEqual([]);
    expect(students.rows.get('s001')?.house_code).toBe(1);
    expect(audit.trail).toEqual([]);
  });
});
