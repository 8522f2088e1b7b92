import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { FIRST_PASSWORD_MESSAGES } from '../../shared/first-password.js';
import type { StudentSaveResponse } from '../../shared/student-fields.js';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../../server/auth/sign-in/login-throttle.entity.js';
import { PasswordHasher } from '../../server/users/password-hasher.js';
import {
  ApiClient,
  expectStatus,
  expectWaitStated,
  signedInAdmin,
  signedInGuardian,
  signedInStudent,
} from '../fixtures/api-client.js';
import {
  createAdmin,
  createGuardian,
  createStudent,
  setRegistrationStatus,
  startTestApp,
  type TestApp,
} from '../fixtures/test-app.js';

// A family signs in for the first time with the date of birth, written the way they write dates (docs/product.md §4
// Sign-in): day first, with slashes, dashes or dots, or the year first.

let t: TestApp;
let admin: ApiClient;

/** 17 May 2012, as families write it. */
const SPELLINGS = ['17/05/2012', '17-05-2012', '17.05.2012', '2012-05-17', '2012/05/17', '17052012'];
/** 18 May 2012: not her birthday. */
const WRONG_SPELLINGS = ['18/05/2012', '18-05-2012', '18.05.2012', '2012-05-18', '2012/05/18', '18052012'];

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
  // On her first password (20120517).
  await createStudent(t, { id: '20240017', first_name: 'Shania', date_of_birth: '2012-05-17' });
  // Born the same day, with a password of her own.
  await createStudent(t, { id: '20240018', date_of_birth: '2012-05-17', password: 'Chosen-Pass-18' });
  // The office corrects these two dates of birth.
  await createStudent(t, { id: '20250003', first_name: 'Nadia', date_of_birth: '2013-03-03' });
  await createStudent(t, { id: '20250004', date_of_birth: '2013-03-04', password: 'Chosen-Pass-04' });
  // A family changes these dates of birth: a parent (the first two), the student herself (the third).
  await createStudent(t, { id: '20250005', date_of_birth: '2013-03-05' });
  await createStudent(t, { id: '20250006', date_of_birth: '2013-03-06', password: 'Chosen-Pass-06' });
  await createStudent(t, { id: '20250007', date_of_birth: '2013-03-07', password: 'Chosen-Pass-07' });
  await createGuardian(t, {
    email: 'parent@example.com',
    password: 'Parent-Pass-2025',
    students: ['20250005', '20250006'],
  });
  await setRegistrationStatus(t, 1);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});
afterAll(() => t.close());

// Each test starts with no lock and a fresh per-address count (every request comes from one address).
beforeEach(async () => {
  await t.ds.getRepository(LoginThrottle).clear();
  await t.ds.query('DELETE FROM throttler_hits');
});

const failures = async (studentId: string) =>
  (await t.ds.getRepository(LoginThrottle).findOneBy({ login_key: `student:${studentId}` }))?.failures ?? 0;

describe('the date of birth typed as families write it', () => {
  it('signs in with each common spelling while she is still on her first password', async () => {
    for (const spelling of SPELLINGS) {
      const res = await new ApiClient(t).loginStudent('20240017', spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.body).toMatchObject({ student_id: '20240017', password_reset: 1 });
    }
    // The date as stored is the password itself.
    await expectStatus(new ApiClient(t).loginStudent('20240017', '20120517'), 200);
    expect(await failures('20240017')).toBe(0);
  });

  it('signs in with none of them once she has chosen a password', async () => {
    for (const spelling of [...SPELLINGS, '20120517']) {
      const res = await new ApiClient(t).loginStudent('20240018', spelling);
      expect(res.status, spelling).toBe(422);
      expect(res.body.message).toBe(MESSAGES.badCredentials);
      // Not locked by this loop: each attempt is counted, and the lock comes at 5.
      await t.ds.getRepository(LoginThrottle).clear();
    }
    await expectStatus(new ApiClient(t).loginStudent('20240018', 'Chosen-Pass-18'), 200);
  });

  it('refuses a wrong date in any spelling, counting one failure per attempt', async () => {
    for (const [n, spelling] of WRONG_SPELLINGS.slice(0, 4).entries()) {
      const res = await new ApiClient(t).loginStudent('20240017', spelling);
      expect(res.status, spelling).toBe(422);
      expect(res.body).toMatchObject({ message: MESSAGES.badCredentials });
      expect(await failures('20240017')).toBe(n + 1);
    }
    // Four failures: the right date, in any spelling, still signs in, and clears the count.
    await expectStatus(new ApiClient(t).loginStudent('20240017', '17/05/2012'), 200);
    expect(await failures('20240017')).toBe(0);
  });

  it('spends the check on what was typed for an unknown student ID too', async () => {
    const nothing = vi.spyOn(t.app.get(PasswordHasher), 'verifyNothing');
    try {
      await expectStatus(new ApiClient(t).loginStudent('20249999', '17/05/2012'), 422);
      expect(nothing).toHaveBeenCalledTimes(1);
      expect(nothing).toHaveBeenCalledWith('17/05/2012');
    } finally {
      nothing.mockRestore();
    }
  });

  it('locks after five wrong attempts, whatever their spellings, and says how long to wait', async () => {
    for (const spelling of [...WRONG_SPELLINGS.slice(0, 4), '17/5/2013'])
      await expectStatus(new ApiClient(t).loginStudent('20240017', spelling), 422);
    const locked = await new ApiClient(t).loginStudent('20240017', '20120517');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expectWaitStated(locked, MESSAGES.tooManyAttempts);
  });
});

describe('an office correction of the date of birth', () => {
  it('moves the first password to the corrected date while she has not chosen one, audited', async () => {
    const saved = await expectStatus(admin.post('/api/student', { id: '20250003', date_of_birth: '2013-04-03' }), 200);
    expect((saved.body as StudentSaveResponse).first_password).toBe('follows');
    expect(FIRST_PASSWORD_MESSAGES.follows).toContain('new date of birth');

    await expectStatus(new ApiClient(t).loginStudent('20250003', '20130303'), 422);
    const signedIn = await expectStatus(new ApiClient(t).loginStudent('20250003', '20130403'), 200);
    expect(signedIn.body).toMatchObject({ password_reset: 1 });
    await expectStatus(new ApiClient(t).loginStudent('20250003', '03/04/2013'), 200);

    const audit = await t.ds.getRepository(AuditEntry).findBy({ action: 'password.first-password-corrected' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin:office', entity: 'user', entity_id: '20250003' });

    // Saving the same date again, or another field, leaves the password and says nothing about it.
    const again = await expectStatus(admin.post('/api/student', { id: '20250003', date_of_birth: '2013-04-03' }), 200);
    expect(again.body).not.toHaveProperty('first_password');
    const name = await expectStatus(admin.post('/api/student', { id: '20250003', first_name: 'Nadya' }), 200);
    expect(name.body).not.toHaveProperty('first_password');
    expect(await t.ds.getRepository(AuditEntry).countBy({ action: 'password.first-password-corrected' })).toBe(1);
  });

  it('leaves a password she has chosen as it is, and tells the office so', async () => {
    const saved = await expectStatus(admin.post('/api/student', { id: '20250004', date_of_birth: '2013-05-04' }), 200);
    expect((saved.body as StudentSaveResponse).first_password).toBe('chosen');
    await expectStatus(new ApiClient(t).loginStudent('20250004', '20130504'), 422);
    await expectStatus(new ApiClient(t).loginStudent('20250004', 'Chosen-Pass-04'), 200);
    expect(
      await t.ds
        .getRepository(AuditEntry)
        .countBy({ action: 'password.first-password-corrected', entity_id: '20250004' }),
    ).toBe(0);
    // Reset Password then gives her the corrected date.
    await expectStatus(admin.post('/api/reset-password-student', { student_id: '20250004' }), 200);
    await expectStatus(new ApiClient(t).loginStudent('20250004', '20130504'), 200);
  });
});

describe("a family's change of the date of birth", () => {
  const corrections = (id: string) =>
    t.ds.getRepository(AuditEntry).countBy({ action: 'password.first-password-corrected', entity_id: id });

  it("leaves a parent's daughter's first password as it is, and does not say whether she chose one", async () => {
    const parent = await signedInGuardian(t, 'parent@example.com', 'Parent-Pass-2025');
    const first = await expectStatus(parent.post('/api/student', { id: '20250005', date_of_birth: '2013-04-05' }), 200);
    expect(first.body).toMatchObject({ date_of_birth: '2013-04-05' });
    expect(first.body).not.toHaveProperty('first_password');
    await expectStatus(new ApiClient(t).loginStudent('20250005', '20130405'), 422);
    await expectStatus(new ApiClient(t).loginStudent('20250005', '20130305'), 200);
    expect(await corrections('20250005')).toBe(0);

    const chosen = await expectStatus(
      parent.post('/api/student', { id: '20250006', date_of_birth: '2013-04-06' }),
      200,
    );
    expect(chosen.body).not.toHaveProperty('first_password');
    await expectStatus(new ApiClient(t).loginStudent('20250006', 'Chosen-Pass-06'), 200);
  });

  it('leaves her password as it is when she changes the date herself, and says nothing of it', async () => {
    // On her first password she must choose one before she can save (403), so she saves with a password of her own.
    const onFirst = await signedInStudent(t, '20250005', '20130305');
    await expectStatus(onFirst.post('/api/student', { id: '20250005', date_of_birth: '2013-05-05' }), 403);
    const herself = await signedInStudent(t, '20250007', 'Chosen-Pass-07');
    const saved = await expectStatus(
      herself.post('/api/student', { id: '20250007', date_of_birth: '2013-04-07' }),
      200,
    );
    expect(saved.body).toMatchObject({ date_of_birth: '2013-04-07' });
    expect(saved.body).not.toHaveProperty('first_password');
    await expectStatus(new ApiClient(t).loginStudent('20250007', '20130407'), 422);
    await expectStatus(new ApiClient(t).loginStudent('20250007', 'Chosen-Pass-07'), 200);
    expect(await corrections('20250007')).toBe(0);
  });
});
