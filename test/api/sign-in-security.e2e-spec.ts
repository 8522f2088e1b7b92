import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { LoginThrottle } from '../../server/auth/sign-in/login-throttle.entity.js';
import { bcryptCostOf, INITIAL_PASSWORD_COST, PasswordHasher } from '../../server/users/password-hasher.js';
import { User } from '../../server/users/entities/user.entity.js';
import { ApiClient, expectStatus, expectWaitStated, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

describe('sign-in work', () => {
  it('compares at the same bcrypt costs for an unknown ID, a date-of-birth account and a chosen password', async () => {
    t = await startTestApp();
    await createStudent(t, { id: '2001', date_of_birth: '2013-05-17' });
    await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    // As a student import stores her first password: the date of birth at INITIAL_PASSWORD_COST.
    const dobHash = await t.app.get(PasswordHasher).hash('20130517', INITIAL_PASSWORD_COST);
    await t.ds.getRepository(User).update({ student_id: '2001' }, { password_hash: dobHash });

    // The real bcrypt, observed: which costs each sign-in compares at.
    const compare = vi.spyOn(bcrypt, 'compare');
    const costsOf = async (studentId: string) => {
      compare.mockClear();
      const res = await new ApiClient(t!).loginStudent(studentId, 'wrong-password-1');
      expect(res.status).toBe(422);
      return compare.mock.calls.map(([, hash]) => bcryptCostOf(String(hash)));
    };
    const unknown = await costsOf('9999');
    const dateOfBirth = await costsOf('2001');
    const chosen = await costsOf('2002');
    expect(unknown.filter((c) => c === t!.config.bcryptCost)).toHaveLength(1);
    expect(dateOfBirth).toEqual(unknown);
    expect(chosen).toEqual(unknown);
    // ...and the date-of-birth account still signs in.
    expect((await new ApiClient(t).loginStudent('2001', '20130517')).status).toBe(200);
  });
});

describe('concurrent wrong passwords', () => {
  it('checks at most 5 of 50 simultaneous wrong passwords from several addresses', async () => {
    t = await startTestApp({ listen: true, env: { TRUST_PROXY: 'true', SECURE_COOKIES: 'off' } });
    await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    const c = await new ApiClient(t).primeCsrf();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        c.agent
          .post('/api/login-student')
          .set('X-XSRF-TOKEN', c.xsrfToken())
          .set('X-Forwarded-For', `203.0.113.${n % 5}`) // 10 per address: under the per-address limit
          .send({ student_id: '2002', password: `wrong-${n}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 422).length;
    expect(statuses.filter((s) => s !== 422 && s !== 429)).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    const row = await t.ds.getRepository(LoginThrottle).findOneByOrFail({ login_key: 'student:2002' });
    expect(row.locked_until).toBeGreaterThan(Date.now());
  }, 60_000);
});

describe('device cookies', () => {
  const wrong = (c: ApiClient) => c.loginAdmin('office', 'not-the-password');

  it('lets a browser that signed in before through an anonymous lock; its own failures lock only it', async () => {
    t = await startTestApp();
    const password = await createAdmin(t);
    await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    const laptop = await signedInAdmin(t, 'office', password);
    const phone = await signedInAdmin(t, 'office', password);
    const signIn = (await new ApiClient(t).loginAdmin('office', password)).headers['set-cookie'] as unknown as string[];
    const device = signIn.find((x) => x.startsWith('portal.device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);

    // Someone anywhere locks the account with 5 wrong passwords.
    const attacker = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++) expect((await wrong(attacker)).status).toBe(422);
    expect((await attacker.loginAdmin('office', password)).status).toBe(429);
    // A browser without a device cookie for the account is locked out, even with the right password...
    expect((await new ApiClient(t).loginAdmin('office', password)).status).toBe(429);
    // ...and so is one holding a device cookie of another account.
    const student = await new ApiClient(t).primeCsrf();
    expect((await student.loginStudent('2002', 'Sunny-Garden-42')).status).toBe(200);
    expect((await student.loginAdmin('office', password)).status).toBe(429);
    // A browser that signed in before keeps its own allowance.
    const ok = await laptop.loginAdmin('office', password);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role: 'admin', username: 'office' });

    // Wrong passwords from that browser lock that browser only.
    for (let n = 0; n < 5; n++) expect((await wrong(laptop)).status).toBe(422);
    const laptopLocked = await laptop.loginAdmin('office', password);
    expect(laptopLocked.status).toBe(429);
    expectWaitStated(laptopLocked, MESSAGES.tooManyAttempts);
    expect((await phone.loginAdmin('office', password)).status).toBe(200);
    // The anonymous lock is still on.
    expect((await new ApiClient(t).loginAdmin('office', password)).status).toBe(429);
  }, 60_000);

  it('refuses a device cookie whose signature is not the server’s', async () => {
    t = await startTestApp();
    const password = await createAdmin(t);
    const signIn = await new ApiClient(t).loginAdmin('office', password);
    const value = String(signIn.headers['set-cookie']).match(/portal\.device=([^;]+)/)![1];
    const forged = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const attacker = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++) expect((await wrong(attacker)).status).toBe(422);
    const res = await attacker.agent
      .post('/api/admin-login')
      .set('X-XSRF-TOKEN', attacker.xsrfToken())
      .set('Cookie', `${attacker.cookieHeader()}; portal.device=${forged}`)
      .send({ username: 'office', password });
    expect(res.status).toBe(429);
  });

  it('lets her change her password and recovery address through an anonymous lock, from her own browser', async () => {
    t = await startTestApp();
    const password = await createAdmin(t);
    await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    const office = await signedInAdmin(t, 'office', password);
    const student = await signedInStudent(t, '2002', 'Sunny-Garden-42');
    // Someone else locks both accounts with wrong passwords.
    const attacker = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++) expect((await wrong(attacker)).status).toBe(422);
    for (let n = 0; n < 5; n++) expect((await attacker.loginStudent('2002', 'not-the-password')).status).toBe(422);
    expect((await attacker.loginStudent('2002', 'Sunny-Garden-42')).status).toBe(429);

    // Signed in on her own browser, with its device cookie, she is not locked out of either.
    const address = await expectStatus(
      office.post('/api/admin-email', { email: 'office@school.example.tt', password }),
      200,
    );
    expect(address.body).toEqual({ email: 'office@school.example.tt' });
    const change = { student_id: '2002', old_password: 'Sunny-Garden-42', password: 'Quiet-Harbour-77' };
    await expectStatus(student.post('/api/change-password-student', change), 200);
    // The same session without its device cookie is held to the anonymous lock, as at sign-in.
    const stripped = office.cookieHeader().replace(/portal\.device=[^;]*(; )?/, '');
    const locked = await request(t.app.getHttpServer())
      .post('/api/admin-email')
      .set('X-XSRF-TOKEN', office.xsrfToken())
      .set('Cookie', stripped)
      .send({ email: 'other@school.example.tt', password });
    expect(locked.status).toBe(429);
    // The lock stays on for everyone else.
    expect((await attacker.loginAdmin('office', password)).status).toBe(429);
  }, 60_000);
});

describe('sign-in names, the same on SQLite and MariaDB', () => {
  // 72+ characters: `guardian:<address>` is longer than the lock table's key and is stored hashed.
  const address = `${'mum.of.a.student.at.the.school.'.repeat(2)}ana.rivera@example.tt`;
  const fullwidth = (s: string) => s.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

  it('counts every spelling of a long guardian address on one lock', async () => {
    t = await startTestApp();
    expect(address.length).toBeGreaterThanOrEqual(72);
    await createStudent(t, { id: '2002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    await createGuardian(t, { email: address, password: 'Mum-Pass-Word-1', students: ['2002'] });
    const spellings = [
      address.toUpperCase(),
      fullwidth(address),
      `  ${address}\t`,
      address.replace('mum', 'MUM'),
      address,
    ];
    const attacker = await new ApiClient(t).primeCsrf();
    for (const spelling of spellings)
      expect((await attacker.loginGuardian(spelling, 'not-the-password')).status).toBe(422);
    // Five wrong passwords, under five spellings: the account is locked for every spelling, the right one too.
    const locked = await new ApiClient(t).loginGuardian(address, 'Mum-Pass-Word-1');
    expect(locked.status).toBe(429);
    expectWaitStated(locked, MESSAGES.tooManyAttempts);
    expect((await new ApiClient(t).loginGuardian(fullwidth(address), 'Mum-Pass-Word-1')).status).toBe(429);
    expect(await t.ds.getRepository(LoginThrottle).count()).toBe(1);
  });

  it('takes a spelling other than the account name as an unknown account, and fullwidth digits as digits', async () => {
    t = await startTestApp();
    await createStudent(t, { id: '20260001', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
    await createGuardian(t, { email: 'mamá@example.tt', password: 'Mum-Pass-Word-1', students: ['20260001'] });
    await createAdmin(t, 'office', 'Office-Pass-Word-1');
    // The same account on both engines: NFKC makes a fullwidth ID the ASCII one, compared exactly.
    const student = await new ApiClient(t).loginStudent('２０２６０００１', 'Sunny-Garden-42');
    expect(student.status).toBe(200);
    expect(student.body.student_id).toBe('20260001');
    expect((await new ApiClient(t).loginGuardian('ＭＡＭÁ@example.tt', 'Mum-Pass-Word-1')).status).toBe(200);
    // Not the account's name on either engine (MariaDB's collation would have matched these).
    expect((await new ApiClient(t).loginGuardian('mama@example.tt', 'Mum-Pass-Word-1')).status).toBe(422);
    expect((await new ApiClient(t).loginAdmin('Office', 'Office-Pass-Word-1')).status).toBe(422);
    expect((await new ApiClient(t).loginAdmin('offïce', 'Office-Pass-Word-1')).status).toBe(422);
    expect((await new ApiClient(t).loginStudent('２０２６０００１x', 'Sunny-Garden-42')).status).toBe(422);
    expect((await new ApiClient(t).loginAdmin('ｏｆｆｉｃｅ', 'Office-Pass-Word-1')).status).toBe(200);
  });
});
