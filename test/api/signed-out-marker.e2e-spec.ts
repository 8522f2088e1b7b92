import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/sessions/session-cookie.js';
import { SIGNED_OUT_COOKIE } from '../../shared/api-types.js';
import { signedInStudent } from '../fixtures/api-client.js';
import { createSignInAccounts, startTestApp, type TestApp } from '../fixtures/test-app.js';

// A sign-out made without a connection (server/auth/sessions/session-cookie.ts): the client writes the signed-out
// marker, and the first request that reaches the server with it ends the session it comes with, whatever it asks for.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSignInAccounts(t);
});

afterAll(() => t.close());

const MARKER = `${SIGNED_OUT_COOKIE}=1`;
/** Whether an answer removes the marker (an expired Set-Cookie of it). */
const clearsMarker = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`) && /Expires=Thu, 01 Jan 1970/.test(c));
/** Whether an answer removes the session cookie. */
const clearsSession = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Expires=Thu, 01 Jan 1970/.test(c));
/** The cookies a browser sends after an answer that removed its session cookie. */
const withoutSession = (cookies: string) =>
  cookies
    .split(';')
    .filter((c) => !c.trim().startsWith(`${SESSION_COOKIE}=`))
    .join(';');

describe('the signed-out marker', () => {
  it("a new tab's page with it: nothing of hers is drawn, the session ends, the marker goes", async () => {
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const cookies = student.cookieHeader();
    const server = t.app.getHttpServer();
    expect((await request(server).get('/dashboard').set('Cookie', cookies).expect(200)).text).toContain('Bea Charles');

    const page = await request(server).get('/dashboard').set('Cookie', `${cookies}; ${MARKER}`).expect(200);
    expect(page.text).not.toContain('Bea');
    expect(page.text).not.toContain('Welcome');
    expect(clearsMarker(page)).toBe(true);
    // The old cookie alone signs nobody in any more.
    expect((await request(server).get('/api/session').set('Cookie', cookies).expect(200)).body.authenticated).toBe(
      false,
    );
    expect((await request(server).get('/api/user/1002').set('Cookie', cookies)).status).toBe(401);
  });

  it('any call with it ends the session (as when the connection returns); without a session it just goes', async () => {
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const cookies = student.cookieHeader();
    const server = t.app.getHttpServer();
    const answer = await request(server).get('/api/session').set('Cookie', `${cookies}; ${MARKER}`).expect(200);
    expect(answer.body.authenticated).toBe(false);
    expect(clearsMarker(answer)).toBe(true);
    expect((await request(server).get('/api/session').set('Cookie', cookies).expect(200)).body.authenticated).toBe(
      false,
    );

    const visitor = await request(server).get('/api/session').set('Cookie', MARKER).expect(200);
    expect(visitor.body.authenticated).toBe(false);
    expect(clearsMarker(visitor)).toBe(true);
    // Never signs anyone in, and another browser's session is untouched.
    const other = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    await request(server).get('/api/session').set('Cookie', MARKER).expect(200);
    expect((await other.get('/api/session').expect(200)).body.authenticated).toBe(true);
  });

  it('removes the session cookie too: what comes after says she signed out, not that the session ended', async () => {
    const server = t.app.getHttpServer();
    // A call of hers carrying the marker: refused as signed out, and both cookies go.
    let cookies = (await signedInStudent(t, '1002', 'Sunny-Garden-42')).cookieHeader();
    const call = await request(server).get('/api/user/1002').set('Cookie', `${cookies}; ${MARKER}`).expect(401);
    expect(call.body.reason).toBe('signed-out');
    expect(clearsSession(call)).toBe(true);
    expect(clearsMarker(call)).toBe(true);
    const after = await request(server).get('/api/user/1002').set('Cookie', withoutSession(cookies)).expect(401);
    expect(after.body.reason).toBe('signed-out');
    const session = await request(server).get('/api/session').set('Cookie', withoutSession(cookies)).expect(200);
    expect(session.body).toMatchObject({ authenticated: false, ended_reason: 'signed-out' });

    // A new tab's page with it, the same.
    cookies = (await signedInStudent(t, '1002', 'Sunny-Garden-42')).cookieHeader();
    const page = await request(server).get('/dashboard').set('Cookie', `${cookies}; ${MARKER}`).expect(200);
    expect(clearsSession(page)).toBe(true);
    expect(clearsMarker(page)).toBe(true);
    const next = await request(server).get('/api/user/1002').set('Cookie', withoutSession(cookies)).expect(401);
    expect(next.body.reason).toBe('signed-out');

    // POST /logout is the same sign-out: both cookies go.
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const out = await student.post('/logout', {}).expect(204);
    expect(clearsSession(out)).toBe(true);
    expect(clearsMarker(out)).toBe(true);
  });

  it('a sign-in that comes with it ends the old session and starts her new one', async () => {
    const server = t.app.getHttpServer();
    const before = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const signIn = await request(server)
      .post('/api/login-student')
      .set('Cookie', `${before.cookieHeader()}; ${MARKER}`)
      .set('X-XSRF-TOKEN', before.xsrfToken())
      .send({ student_id: '1002', password: 'Sunny-Garden-42' })
      .expect(200);
    expect(clearsMarker(signIn)).toBe(true);
    const sessionCookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .filter((c) => c.startsWith(`${SESSION_COOKIE}=`))
      .at(-1)!
      .split(';')[0];
    expect(sessionCookie).not.toBe(`${SESSION_COOKIE}=`);
    expect(
      (await request(server).get('/api/session').set('Cookie', sessionCookie).expect(200)).body.authenticated,
    ).toBe(true);
    expect((await before.get('/api/session').expect(200)).body.authenticated).toBe(false);
  });
});
