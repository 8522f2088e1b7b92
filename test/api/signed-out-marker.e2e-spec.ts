import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_OUT_COOKIE } from '../../shared/api-types.js';
import { signedInStudent } from '../fixtures/api-client.js';
import { createSignInAccounts, startTestApp, type TestApp } from '../fixtures/test-app.js';

// A sign-out made without a connection (server/auth/session-cookie.ts): the client writes the signed-out marker, and
// the first request that reaches the server with it ends the session it comes with, whatever it asks for.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ standInClient: true });
  await createSignInAccounts(t);
});

afterAll(() => t.close());

const MARKER = `${SIGNED_OUT_COOKIE}=1`;
/** Whether an answer removes the marker (an expired Set-Cookie of it). */
const clearsMarker = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .some((c) => c.startsWith(`${SIGNED_OUT_COOKIE}=;`) && /Expires=Thu, 01 Jan 1970/.test(c));

describe('the signed-out marker', () => {
  it("a new tab's page with it: nothing of hers is drawn, the session ends, the marker goes", async () => {
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const cookies = student.cookieHeader();
    const server = t.app.getHttpServer();
    expect((await request(server).get('/dashboard').set('Cookie', cookies).expect(200)).text).toContain('Bea Charles');

    const page = await request(server).get('/dashboard').set('Cookie', `${cookies}; ${MARKER}`).expect(200);
    expect(page.text).not.toContain('Bea');
    expect(page.text).not.toContain('portal-session');
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
});
