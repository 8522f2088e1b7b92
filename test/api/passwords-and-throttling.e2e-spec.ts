import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { LoginThrottle } from '../../server/auth/sign-in/login-throttle.entity.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { ApiClient, expectWaitStated, signedInStudent } from '../fixtures/api-client.js';
import { waitPhrase } from '../../shared/waiting.js';
import { createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;

// A fresh service per test: the per-address limit and the lock counters must not leak between tests.
beforeEach(async () => {
  t = await startTestApp();
  await createStudent(t, { id: '2001', first_name: 'Dana', last_name: 'Ali', date_of_birth: '2013-05-17' });
  await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
});
afterEach(() => t.close());

describe('forced password reset', () => {
  it('allows only the password change, user info and sign-out until the password is changed', async () => {
    const c = new ApiClient(t);
    const login = await c.loginStudent('2001', '20130517');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ password_reset: 1, student_id: '2001', name: 'Dana Ali', initials: 'DA' });
    const blocked = await c.get('/api/student-record/2001');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(MESSAGES.mustResetPassword);
    expect((await c.get('/api/towns')).status).toBe(403);
    expect((await c.get('/api/user/2001').expect(200)).body).toEqual([{ student_id: '2001', password_reset: 1 }]);

    const changed = await c.post('/api/change-password-student', { student_id: '2001', password: 'Blue-Hibiscus-7' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Dana Ali', password_reset: 0 });
    expect((await c.get('/api/student-record/2001')).status).toBe(200);
    expect((await c.get('/api/user/2001').expect(200)).body[0].password_reset).toBe(0);

    // The old date-of-birth password no longer works; the new one does.
    expect((await new ApiClient(t).loginStudent('2001', '20130517')).status).toBe(422);
    expect((await new ApiClient(t).loginStudent('2001', 'Blue-Hibiscus-7')).status).toBe(200);
    const audit = await t.ds.getRepository(AuditEntry).findBy({ action: 'password.reset-completed' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'student:2001', entity_id: '2001', new_value: null });
  });

  it('accepts reset_password (docs/product.md §7) and checks a date of birth sent as old_password', async () => {
    const c = await signedInStudent(t, '2001', '20130517');
    const wrongDob = await c.post('/api/change-password-student', {
      student_id: '2001',
      reset_password: 'Blue-Hibiscus-7',
      old_password: '20130518',
    });
    expect(wrongDob.status).toBe(422);
    expect(wrongDob.body.errors.old_password).toEqual([MESSAGES.wrongOldPassword]);
    const ok = await c.post('/api/change-password-student', {
      student_id: '2001',
      reset_password: 'Blue-Hibiscus-7',
      old_password: '20130517',
    });
    expect(ok.status).toBe(200);
  });

  it.each([
    ['short', 'Ab1-xyz', 'at least 8 characters'],
    ['the date of birth as yyyymmdd', '20130517', 'date of birth'],
    ['the date of birth as dd/mm/yyyy', '17/05/2013', 'date of birth'],
    ['the date of birth as mm-dd-yyyy', '05-17-2013', 'date of birth'],
    ['the student ID', 'me2001me', 'student ID'],
    ['a very common password', 'password123', 'too common'],
  ])('refuses a new password that is %s', async (_label, password, reason) => {
    const c = await signedInStudent(t, '2001', '20130517');
    const res = await c.post('/api/change-password-student', { student_id: '2001', password });
    expect(res.status).toBe(422);
    expect(res.body.errors.password[0]).toContain(reason);
    expect((await c.get('/api/user/2001')).body[0].password_reset).toBe(1);
  });

  it("refuses to change another student's password", async () => {
    const c = await signedInStudent(t, '2001', '20130517');
    const res = await c.post('/api/change-password-student', { student_id: '2002', password: 'Blue-Hibiscus-7' });
    expect(res.status).toBe(403);
    expect((await new ApiClient(t).loginStudent('2002', 'Sunny-Garden-42')).status).toBe(200);
  });
});

describe('voluntary password change', () => {
  it('requires the right old password', async () => {
    const c = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    const missing = await c.post('/api/change-password-student', { student_id: '2002', password: 'Blue-Hibiscus-7' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.old_password).toBeDefined();
    const wrong = await c.post('/api/change-password-student', {
      student_id: '2002',
      password: 'Blue-Hibiscus-7',
      old_password: 'nope-nope-1',
    });
    expect(wrong.status).toBe(422);
    const ok = await c.post('/api/change-password-student', {
      student_id: '2002',
      password: 'Blue-Hibiscus-7',
      old_password: 'Sunny-Garden-42',
    });
    expect(ok.status).toBe(200);
  });

  it('counts wrong old passwords like failed sign-ins: the 6th try answers 429 even when right', async () => {
    const c = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    const change = (old_password: string) =>
      c.post('/api/change-password-student', { student_id: '2002', password: 'Blue-Hibiscus-7', old_password });
    for (let n = 0; n < 5; n++) {
      const wrong = await change('nope-nope-1');
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.old_password).toEqual([MESSAGES.wrongOldPassword]);
    }
    const locked = await change('Sunny-Garden-42');
    expect(locked.status).toBe(429);
    expectWaitStated(locked, MESSAGES.tooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The same lock refuses sign-in from this browser: its device cookie counts its tries, here as at sign-in.
    expect((await c.loginStudent('2002', 'Sunny-Garden-42')).status).toBe(429);
    // Another browser has the account's own allowance, and the old password still works: nothing was changed.
    expect((await new ApiClient(t).loginStudent('2002', 'Sunny-Garden-42')).status).toBe(200);
  });

  it('shares the count with sign-in, and a right old password below the limit clears it', async () => {
    const anon = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 3; n++)
      expect((await anon.post('/api/login-student', { student_id: '2002', password: 'wrong-wrong' })).status).toBe(422);
    const c = await signedInStudent(t, '2002', 'Sunny-Garden-42'); // a success clears the count
    for (let n = 0; n < 3; n++)
      expect((await anon.post('/api/login-student', { student_id: '2002', password: 'wrong-wrong' })).status).toBe(422);
    const change = (old_password: string) =>
      c.post('/api/change-password-student', { student_id: '2002', password: 'Blue-Hibiscus-7', old_password });
    expect((await change('nope-nope-1')).status).toBe(422);
    expect((await change('Sunny-Garden-42')).status).toBe(200);
    expect(await t.ds.getRepository(LoginThrottle).findOneBy({ login_key: 'student:2002' })).toBeNull();
  });

  it("ends the account's other sessions but keeps this one", async () => {
    const phone = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    const laptop = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    await laptop
      .post('/api/change-password-student', {
        student_id: '2002',
        password: 'Blue-Hibiscus-7',
        old_password: 'Sunny-Garden-42',
      })
      .expect(200);
    expect((await phone.get('/api/student-record/2002')).status).toBe(401);
    expect((await laptop.get('/api/student-record/2002')).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('locks an account for 15 minutes after 5 failures, even for the right password, with Retry-After', async () => {
    const c = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++)
      expect((await c.post('/api/login-student', { student_id: '2002', password: 'wrong-wrong' })).status).toBe(422);
    const locked = await c.post('/api/login-student', { student_id: '2002', password: 'Sunny-Garden-42' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expectWaitStated(locked, MESSAGES.tooManyAttempts);
  });

  it('treats an unknown student ID exactly like a known one', async () => {
    const c = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++) await c.post('/api/login-student', { student_id: '7777', password: 'wrong-wrong' });
    const res = await c.post('/api/login-student', { student_id: '7777', password: 'wrong-wrong' });
    expect(res.status).toBe(429);
    expectWaitStated(res, MESSAGES.tooManyAttempts);
  });

  it('doubles the lock on a repeat lockout and clears the count after a success', async () => {
    const repo = t.ds.getRepository(LoginThrottle);
    await repo.insert({ login_key: 'student:2002', failures: 4, lockouts: 1, locked_until: 0, updated_at: Date.now() });
    const c = await new ApiClient(t).primeCsrf();
    await c.post('/api/login-student', { student_id: '2002', password: 'wrong-wrong' });
    const row = await repo.findOneByOrFail({ login_key: 'student:2002' });
    expect(row.lockouts).toBe(2);
    expect(row.locked_until - Date.now()).toBeGreaterThan(29 * 60_000);
    // The doubled lock says its own wait.
    const locked = await c.post('/api/login-student', { student_id: '2002', password: 'Sunny-Garden-42' });
    expect(locked.body.message).toBe('Too many sign-in attempts. Please wait 30 minutes and try again.');
    expectWaitStated(locked, MESSAGES.tooManyAttempts);

    await repo.update({ login_key: 'student:2002' }, { locked_until: 0, failures: 2 });
    expect((await c.post('/api/login-student', { student_id: '2002', password: 'Sunny-Garden-42' })).status).toBe(200);
    expect(await repo.findOneBy({ login_key: 'student:2002' })).toBeNull();
  });

  it('limits one address to 20 attempts a minute', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++)
      statuses.push((await c.post('/api/login-student', { student_id: `x${n}`, password: 'wrong-wrong' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await c.post('/api/login-student', { student_id: 'x21', password: 'wrong-wrong' });
    expectWaitStated(refused, MESSAGES.tooManyAttempts);
    expect(refused.body.message).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
  });

  it('counts both sign-in routes together and answers the usual 429 with Retry-After', async () => {
    const c = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 10; n++) await c.post('/api/login-student', { student_id: `x${n}`, password: 'wrong-wrong' });
    for (let n = 0; n < 10; n++) await c.post('/api/admin-login', { username: `x${n}`, password: 'wrong-wrong' });
    const refused = await c.post('/api/admin-login', { username: 'x10', password: 'wrong-wrong' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: MESSAGES.tooManyAttempts(waitPhrase(Number(refused.headers['retry-after']))),
    });
    expectWaitStated(refused, MESSAGES.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  }, 60_000); // 21 sign-ins, each with its bcrypt work
});

describe('session lifetime', () => {
  it('ends a session idle past its expiry', async () => {
    const c = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    await t.ds
      .getRepository(SessionRow)
      .createQueryBuilder()
      .update()
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    expect((await c.get('/api/student-record/2002')).status).toBe(401);
  });

  it('ends a session 12 hours after sign-in even when active', async () => {
    const c = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    const repo = t.ds.getRepository(SessionRow);
    for (const row of await repo.find()) {
      const sess = JSON.parse(row.sess) as { signedInAt: number };
      sess.signedInAt = Date.now() - 12 * 3_600_000 - 1000;
      await repo.update({ sid: row.sid }, { sess: JSON.stringify(sess) });
    }
    expect((await c.get('/api/student-record/2002')).status).toBe(401);
  });
});

describe('student ID lookup', () => {
  it('does not exist unless the operator turns it on', async () => {
    expect((await new ApiClient(t).get('/api/student-id-lookup?name=Dana%20Ali')).status).toBe(404);
  });

  it('when on, needs 3 letters of each name, answers at most 5 IDs and names, 5 searches per 15 minutes', async () => {
    await t.close();
    t = await startTestApp({ env: { STUDENT_ID_LOOKUP: 'on' } });
    for (let n = 0; n < 7; n++) await createStudent(t, { id: `30${n}`, first_name: 'Danielle', last_name: 'Alibocas' });
    const c = new ApiClient(t);
    // Hyphens and apostrophes part words, so each name needs a part of 3 letters (searches counted afresh after).
    for (const name of ["a'a b-b", "D'a Ali", 'Dan A-li']) {
      const res = await c.get(`/api/student-id-lookup?name=${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(422);
      expect(res.body.message).toBe('Type at least 3 letters of the first name and 3 of the last name.');
    }
    await t.ds.query('DELETE FROM throttler_hits');
    expect((await c.get('/api/student-id-lookup?name=Da%20Ali')).status).toBe(422);
    const found = await c.get('/api/student-id-lookup?name=Dan%20Ali').expect(200);
    expect(found.body).toHaveLength(5);
    expect(Object.keys(found.body[0]).sort()).toEqual(['id', 'name']);
    expect(found.body[0].name).toBe('Danielle Alibocas');
    // A short part beside a long one (the O of O'Neil) only narrows the search: every word must start a name.
    const narrowed = await c.get(`/api/student-id-lookup?name=${encodeURIComponent('Dan-i Alibocas-b')}`).expect(200);
    expect(narrowed.body).toEqual([]);
    for (let n = 0; n < 2; n++) await c.get('/api/student-id-lookup?name=Dan%20Ali');
    const limited = await c.get('/api/student-id-lookup?name=Dan%20Ali');
    expect(limited.status).toBe(429);
    expectWaitStated(limited, MESSAGES.tooManySearches);
    expect(limited.body.message).toBe('Too many searches. Please wait 15 minutes and try again.');
  });

  it("finds by the office's rule: words starting her first and last names, any order, not mid-name", async () => {
    await t.close();
    t = await startTestApp({ env: { STUDENT_ID_LOOKUP: 'on' } });
    await createStudent(t, { id: '401', first_name: 'Nadia', last_name: 'Thomas-Baptiste' });
    await createStudent(t, { id: '402', first_name: 'Maya', last_name: 'Ali' });
    await createStudent(t, { id: '403', first_name: 'Aaliyah', last_name: 'Maynard' });
    const c = new ApiClient(t);
    const ids = async (name: string) =>
      ((await c.get(`/api/student-id-lookup?name=${encodeURIComponent(name)}`).expect(200)).body as { id: string }[])
        .map((m) => m.id)
        .sort();
    expect(await ids('Nadia Baptiste')).toEqual(['401']);
    expect(await ids('Thomas Nadia')).toEqual(['401']);
    expect(await ids('Ali Maya')).toEqual(['402']);
    expect(await ids('May Ali')).toEqual(['402']);
    expect(await ids('Aal May')).toEqual(['403']);
  });
});
