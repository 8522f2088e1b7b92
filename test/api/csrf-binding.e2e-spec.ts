import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { MESSAGES } from '../../shared/constants.js';
import type { MfaSetup } from '../../shared/mfa.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The CSRF token is bound to this browser (its session once signed in, its
// httpOnly binding cookie before) and rotated whenever that binding changes.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: '1002', date_of_birth: '2012-01-02', password: 'Sunny-Garden-42' });
  await createStudent(t, { id: '1003', date_of_birth: '2012-03-04', password: 'Other-Garden-43' });
});

afterAll(() => t.close());

describe('CSRF token bound to the browser', () => {
  /** A request as browser `c` would send it, but with `token` as its XSRF-TOKEN cookie and header. */
  function postWithToken(c: ApiClient, path: string, token: string, body: object = {}) {
    const cookies = c
      .cookieHeader()
      .split('; ')
      .filter((x) => x && !x.startsWith('XSRF-TOKEN='));
    return request(t.app.getHttpServer())
      .post(path)
      .set('Cookie', [...cookies, `XSRF-TOKEN=${encodeURIComponent(token)}`].join('; '))
      .set('X-XSRF-TOKEN', token)
      .send(body);
  }

  it('refuses a token minted in another browser, before and after sign-in', async () => {
    // Before sign-in: B's own binding cookie with A's (valid, signed) token and header.
    const a = await new ApiClient(t).primeCsrf();
    const b = await new ApiClient(t).primeCsrf();
    const anonymous = await postWithToken(b, '/api/login-student', a.xsrfToken(), {
      student_id: '1002',
      password: 'Sunny-Garden-42',
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe(MESSAGES.csrf);
    // B's own token works.
    expect(
      (await postWithToken(b, '/api/login-student', b.xsrfToken(), { student_id: '1003', password: 'Other-Garden-43' }))
        .status,
    ).toBe(200);

    // After sign-in: A's signed-in token with B's session cookie.
    const signedA = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const signedB = await signedInStudent(t, '1003', 'Other-Garden-43');
    const crossed = await postWithToken(signedB, '/logout', signedA.xsrfToken());
    expect(crossed.status).toBe(403);
    expect((await signedB.get('/api/session')).body.authenticated).toBe(true);
    expect((await postWithToken(signedB, '/logout', signedB.xsrfToken())).status).toBe(204);
  });

  it('rotates the token at sign-in and at password change: the earlier token is refused', async () => {
    await createStudent(t, { id: '1004', date_of_birth: '2012-05-06', password: 'Fourth-Garden-45' });
    const c = await new ApiClient(t).primeCsrf();
    const beforeSignIn = c.xsrfToken();
    const login = await c.loginStudent('1004', 'Fourth-Garden-45');
    expect(login.status).toBe(200);
    expect(([] as string[]).concat(login.headers['set-cookie']).some((x) => x.startsWith('XSRF-TOKEN='))).toBe(true);
    const afterSignIn = c.xsrfToken();
    expect(afterSignIn).not.toBe(beforeSignIn);
    expect((await postWithToken(c, '/logout', beforeSignIn)).status).toBe(403);
    expect((await c.get('/api/session')).body.authenticated).toBe(true);

    const changed = await c.post('/api/change-password-student', {
      student_id: '1004',
      password: 'Third-Garden-44',
      old_password: 'Fourth-Garden-45',
    });
    expect(changed.status).toBe(200);
    const afterChange = c.xsrfToken();
    expect(afterChange).not.toBe(afterSignIn);
    expect((await postWithToken(c, '/logout', afterSignIn)).status).toBe(403);
    expect((await c.get('/api/session')).body.authenticated).toBe(true);

    // Signing out hands out a token for the anonymous browser, so it can sign in again straight away.
    expect((await c.post('/logout')).status).toBe(204);
    expect(c.xsrfToken()).not.toBe(afterChange);
    expect((await c.loginStudent('1004', 'Third-Garden-44')).status).toBe(200);
  });

  it('keeps the anonymous binding through the two-step sign-in and rotates the token at its code step', async () => {
    await createAdmin(t, 'csrf-admin', 'Csrf-Admin-Pass-1');
    // The code of this 30 s step (set-up) or of the next one (sign-in; the server takes one step either side).
    const code = (steps = 0) => generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const enrolling = await signedInAdmin(t, 'csrf-admin', 'Csrf-Admin-Pass-1');
    const { secret } = (await enrolling.post('/api/admin-mfa/setup').expect(200)).body as MfaSetup;
    expect((await enrolling.post('/api/admin-mfa/confirm', { code: await code() })).status).toBe(200);

    const c = new ApiClient(t);
    const other = await new ApiClient(t).primeCsrf();
    expect((await c.loginAdmin('csrf-admin', 'Csrf-Admin-Pass-1')).body).toEqual({ mfa_required: true });
    const halfSignedIn = c.xsrfToken();
    // Another browser's token does not carry the code step either.
    expect((await postWithToken(c, '/api/admin-login/mfa', other.xsrfToken(), { code: await code(1) })).status).toBe(
      403,
    );
    const done = await c.post('/api/admin-login/mfa', { code: await code(1) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(c.xsrfToken()).not.toBe(halfSignedIn);
    expect((await postWithToken(c, '/logout', halfSignedIn)).status).toBe(403);
    expect((await c.post('/logout')).status).toBe(204);
  });
});
