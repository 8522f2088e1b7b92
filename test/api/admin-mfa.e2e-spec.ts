import { generate } from 'otplib';
import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { DEVICE_COOKIE } from '../../server/auth/sign-in/device-cookies.js';
import { LoginThrottle } from '../../server/auth/sign-in/login-throttle.entity.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { AdminMfa } from '../../server/auth/mfa/admin-mfa.entity.js';
import { MfaService } from '../../server/auth/mfa/mfa.service.js';
import { User } from '../../server/users/entities/user.entity.js';
import { MESSAGES } from '../../shared/constants.js';
import { MFA_MESSAGES, type MfaSetup } from '../../shared/mfa.js';
import { ApiClient, expectWaitStated, signedInAdmin } from '../fixtures/api-client.js';
import { createAdmin, startTestApp, type TestApp } from '../fixtures/test-app.js';

const PASSWORD = 'Office-Admin-Pass-1';
let t: TestApp;
afterEach(() => t?.close());

/** The code an authenticator app shows `steps` periods of 30 s from now (the server accepts one either side). */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A code that is surely wrong now (not the code of any step the server accepts). */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s)));
  let n = 123456;
  while (near.includes(String(n))) n += 1;
  return String(n);
}

/** Signs in with the password and sets up two-step sign-in; answers the secret and the recovery codes. */
async function enrol(c: ApiClient, enrolmentCode?: string): Promise<{ secret: string; recovery: string[] }> {
  const setup = await c.post('/api/admin-mfa/setup', enrolmentCode ? { enrolment_code: enrolmentCode } : {});
  expect(setup.status).toBe(200);
  const body = setup.body as MfaSetup;
  const confirmed = await c.post('/api/admin-mfa/confirm', { code: await codeAt(body.secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: body.secret, recovery: confirmed.body.recovery_codes as string[] };
}

function setsDeviceCookie(res: { headers: Record<string, unknown> }): boolean {
  const set = res.headers['set-cookie'];
  return Array.isArray(set) && set.some((c: string) => c.startsWith(`${DEVICE_COOKIE}=`));
}

async function passwordStep(username = 'office'): Promise<ApiClient> {
  const c = new ApiClient(t);
  const res = await c.loginAdmin(username, PASSWORD);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ mfa_required: true });
  // The device cookie (a browser's own sign-in allowance) comes only with a whole sign-in, not after the password.
  expect(setsDeviceCookie(res)).toBe(false);
  return c;
}

describe('two-step sign-in set-up', () => {
  it('shows a QR code and the secret once, turns on only with a right code, then gives 10 recovery codes', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const c = await signedInAdmin(t, 'office', PASSWORD);
    expect((await c.get('/api/admin-mfa')).body).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const setup = await c.post('/api/admin-mfa/setup');
    expect(setup.status).toBe(200);
    const { secret, qr_data_url, account, issuer } = setup.body as MfaSetup;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(account).toBe('office');
    expect(issuer).toBe('Test Girls High School');
    // Stored encrypted: the secret is not in the database as typed.
    const row = await t.ds.getRepository(AdminMfa).findOneByOrFail({});
    expect(row.secret_enc).not.toContain(secret);
    expect(row.enabled_at).toBeNull();

    // Not on yet: signing in still needs only the password.
    expect((await new ApiClient(t).loginAdmin('office', PASSWORD)).body).toMatchObject({ role: 'admin' });

    const wrong = await c.post('/api/admin-mfa/confirm', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([MFA_MESSAGES.wrongCode]);
    expect((await c.get('/api/admin-mfa')).body.enabled).toBe(false);

    const ok = await c.post('/api/admin-mfa/confirm', { code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    const codes = ok.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = await c.get('/api/admin-mfa');
    expect(status.body).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    // The secret is never shown again: a new set-up is refused while it is on.
    expect((await c.post('/api/admin-mfa/setup')).status).toBe(409);
    const audit = await t.ds.getRepository(AuditEntry).findBy({ action: 'mfa.enabled' });
    expect(audit).toMatchObject([{ actor: 'admin:office', entity_id: 'office' }]);
  });

  it('is only for administrators', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const visitor = await new ApiClient(t).primeCsrf();
    expect((await visitor.post('/api/admin-mfa/setup')).status).toBe(401);
    expect((await visitor.post('/api/admin-login/mfa', { code: '123456' })).status).toBe(401);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the password, signs in with a right one (new session id), refuses its reuse', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const { secret } = await enrol(await signedInAdmin(t, 'office', PASSWORD));

    const c = await passwordStep();
    // Half signed in: nothing of the admin area yet.
    expect((await c.get('/api/students')).status).toBe(401);
    expect((await c.get('/api/session')).body.authenticated).toBe(false);
    const halfCookie = c.cookieHeader();

    const wrong = await c.post('/api/admin-login/mfa', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([MFA_MESSAGES.wrongCode]);

    // The next period's code: the set-up used this period's.
    const code = await codeAt(secret, 1);
    const ok = await c.post('/api/admin-login/mfa', { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Admin', role: 'admin', username: 'office' });
    expect(c.cookieHeader()).not.toBe(halfCookie);
    expect(setsDeviceCookie(ok)).toBe(true);
    expect((await c.get('/api/students')).status).toBe(200);

    // The same code again, from another browser after a right password: refused.
    const again = await passwordStep();
    const reuse = await again.post('/api/admin-login/mfa', { code });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.code).toEqual([MFA_MESSAGES.codeUsed]);
    // An older code (still within the clock tolerance) is refused too.
    expect((await again.post('/api/admin-login/mfa', { code: await codeAt(secret, 0) })).status).toBe(422);
    expect((await again.get('/api/students')).status).toBe(401);
  });

  it('lets only one of four simultaneous requests use the same code', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const { secret, recovery } = await enrol(await signedInAdmin(t, 'office', PASSWORD));
    const code = await codeAt(secret, 1);
    const fourBrowsers = async () => [
      await passwordStep(),
      await passwordStep(),
      await passwordStep(),
      await passwordStep(),
    ];
    const browsers = await fourBrowsers();
    const answers = await Promise.all(browsers.map((b) => b.post('/api/admin-login/mfa', { code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422]);
    // The losers may be counted after the winner's success cleared the code count (each attempt is counted
    // before its check): start the second round from a clean count, so it stays under the lock of 5.
    await t.ds.getRepository(LoginThrottle).delete({ login_key: 'mfa:office' });
    const again = await fourBrowsers();
    const byRecovery = await Promise.all(again.map((b) => b.post('/api/admin-login/mfa', { code: recovery[0] })));
    expect(byRecovery.map((a) => a.status).sort()).toEqual([200, 422, 422, 422]);
    const signedIn = await Promise.all([...browsers, ...again].map(async (b) => (await b.get('/api/students')).status));
    expect(signedIn.sort()).toEqual([200, 200, 401, 401, 401, 401, 401, 401]);
  });

  it('signs in with a recovery code once, and audits its use', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const { recovery } = await enrol(await signedInAdmin(t, 'office', PASSWORD));

    const c = await passwordStep();
    const ok = await c.post('/api/admin-login/mfa', { code: recovery[3].toUpperCase() });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/students')).status).toBe(200);
    expect((await c.get('/api/admin-mfa')).body.recovery_codes_left).toBe(9);
    expect(await t.ds.getRepository(AuditEntry).findBy({ action: 'mfa.recovery-code-used' })).toMatchObject([
      { actor: 'admin:office', entity_id: 'office', new_value: '9 left' },
    ]);

    const again = await passwordStep();
    const reuse = await again.post('/api/admin-login/mfa', { code: recovery[3] });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.code).toEqual([MFA_MESSAGES.wrongRecoveryCode]);
    expect((await again.post('/api/admin-login/mfa', { code: recovery[4] })).status).toBe(200);
  });

  it('asks her to sign in again when the code comes more than 5 minutes after the password', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const { secret } = await enrol(await signedInAdmin(t, 'office', PASSWORD));
    const c = await passwordStep();
    // Age the pending state in the session store by 6 minutes.
    const sessions = t.ds.getRepository(SessionRow);
    for (const row of await sessions.find()) {
      const sess = JSON.parse(row.sess) as { pendingMfa?: { at: number } };
      if (!sess.pendingMfa) continue;
      sess.pendingMfa.at -= 6 * 60_000;
      await sessions.update({ sid: row.sid }, { sess: JSON.stringify(sess) });
    }
    const late = await c.post('/api/admin-login/mfa', { code: await codeAt(secret, 1) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(MFA_MESSAGES.signInAgain);
    expect((await c.get('/api/students')).status).toBe(401);
  });

  it('locks the code step after 5 wrong codes, like passwords', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const { secret } = await enrol(await signedInAdmin(t, 'office', PASSWORD));
    const c = await passwordStep();
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/admin-login/mfa', { code: wrong })).status).toBe(422);
    const locked = await c.post('/api/admin-login/mfa', { code: await codeAt(secret, 1) });
    expect(locked.status).toBe(429);
    expectWaitStated(locked, MESSAGES.tooManyAttempts);
    // From another browser, after a right password, still locked: the lock is per account.
    const other = await passwordStep();
    expect((await other.post('/api/admin-login/mfa', { code: await codeAt(secret, 1) })).status).toBe(429);
    expect((await other.get('/api/students')).status).toBe(401);
  });

  it('turns off with a current code or the password, and renews recovery codes', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const c = await signedInAdmin(t, 'office', PASSWORD);
    const { secret, recovery } = await enrol(c);

    const renewed = await c.post('/api/admin-mfa/recovery-codes', { code: await codeAt(secret, 1) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes).not.toContain(recovery[0]);

    expect((await c.post('/api/admin-mfa/disable', {})).status).toBe(422);
    const badPassword = await c.post('/api/admin-mfa/disable', { password: 'not-my-password' });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors.password).toBeDefined();
    const off = await c.post('/api/admin-mfa/disable', { password: PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    expect((await new ApiClient(t).loginAdmin('office', PASSWORD)).body).toMatchObject({ role: 'admin' });
    const actions = (await t.ds.getRepository(AuditEntry).find({ order: { id: 'ASC' } })).map((a) => a.action);
    expect(actions).toEqual(['mfa.enabled', 'mfa.recovery-codes-renewed', 'mfa.disabled']);
  });
  it('takes her password from her own browser through an anonymous lock', async () => {
    t = await startTestApp();
    await createAdmin(t);
    const c = await signedInAdmin(t, 'office', PASSWORD);
    await enrol(c);
    const attacker = await new ApiClient(t).primeCsrf();
    for (let n = 0; n < 5; n++) expect((await attacker.loginAdmin('office', 'not-the-password')).status).toBe(422);
    expect((await attacker.loginAdmin('office', PASSWORD)).status).toBe(429);
    const renewed = await c.post('/api/admin-mfa/recovery-codes', { password: PASSWORD });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await c.post('/api/admin-mfa/disable', { password: PASSWORD })).status).toBe(200);
  });
});

describe('ADMIN_MFA=required', () => {
  it('makes an administrator without two-step sign-in set it up before anything else', async () => {
    t = await startTestApp({ env: { ADMIN_MFA: 'required' } });
    await createAdmin(t);
    const office = (await t.ds.getRepository(User).findOneByOrFail({ username: 'office' })) as User;
    const c = new ApiClient(t);
    const login = await c.loginAdmin('office', PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: 'admin', mfa_enrolment_required: true });
    expect((await c.get('/api/session')).body.user).toMatchObject({ mfa_enrolment_required: true });

    const blocked = await c.get('/api/students');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(MFA_MESSAGES.mustEnrol);
    expect((await c.get('/api/admins')).status).toBe(403);
    expect((await c.get('/api/admin-mfa')).body).toMatchObject({ enabled: false, required: true });

    await enrol(c, t.app.get(MfaService).enrolmentCode(office));
    expect((await c.get('/api/students')).status).toBe(200);
    expect((await c.get('/api/session')).body.user.mfa_enrolment_required).toBeUndefined();

    // Next time, the code is asked for.
    await passwordStep();
  });

  it('takes the enrolment code logged at start, so that her password alone cannot set it up', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    t = await startTestApp({
      env: { ADMIN_MFA: 'required', ADMIN_USERNAME: 'office', ADMIN_PASSWORD: PASSWORD },
    });
    const logged = warn.mock.calls
      .map(([entry]) => entry as { admin?: string; enrolment_code?: string })
      .filter((e) => e.enrolment_code);
    expect(logged.map((e) => e.admin)).toEqual(['office']);
    const code = logged[0].enrolment_code!;
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Someone who has only the password cannot set it up on her own phone.
    const c = await signedInAdmin(t, 'office', PASSWORD);
    const none = await c.post('/api/admin-mfa/setup');
    expect(none.status).toBe(422);
    expect(none.body.errors.enrolment_code).toEqual([MFA_MESSAGES.enrolmentCodePrompt]);
    const wrong = await c.post('/api/admin-mfa/setup', { enrolment_code: 'aaaaa-aaaaa' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.enrolment_code).toEqual([MFA_MESSAGES.wrongEnrolmentCode]);
    expect(await t.ds.getRepository(AdminMfa).count()).toBe(0);

    // With it (any case, without its dash) she sets it up; the same code is the same after a restart.
    await t.restart();
    const again = await signedInAdmin(t, 'office', PASSWORD);
    await enrol(again, code.toUpperCase().replace('-', ''));
    expect((await again.get('/api/admin-mfa')).body).toMatchObject({ enabled: true });

    // An administrator she creates has her own code in the log at once.
    warn.mockClear();
    const created = await again.post('/api/admins', {
      username: 'deputy',
      display_name: 'Deputy Head',
      password: 'Second-Desk-2026',
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const deputy = await t.ds.getRepository(User).findOneByOrFail({ username: 'deputy' });
    expect(warn.mock.calls.map(([entry]) => entry)).toContainEqual(
      expect.objectContaining({ admin: 'deputy', enrolment_code: t.app.get(MfaService).enrolmentCode(deputy) }),
    );
    warn.mockRestore();
  });
});
