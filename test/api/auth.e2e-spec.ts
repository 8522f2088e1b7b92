import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { createSignInAccounts, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ standInClient: true });
  await createSignInAccounts(t);
});

afterAll(() => t.close());

describe('serving and errors', () => {
  it('answers unknown API paths with JSON 404 and other paths with the single-page client', async () => {
    const api = await request(t.app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(api.body).toEqual({ statusCode: 404, message: MESSAGES.notFound });
    const page = await request(t.app.getHttpServer()).get('/registration/family-data').expect(200);
    expect(page.text).toContain('Student Portal SPA');
    expect(page.headers['content-type']).toContain('text/html');
    // A visitor's page: nothing private in it (the stand-in client has no renderer: the browser draws it).
    expect(page.text).not.toContain('Bea');
  });

  it('sends security headers and never X-Powered-By', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/session').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a Permissions-Policy on every answer: camera and fullscreen for the portal only', async () => {
    const server = t.app.getHttpServer();
    for (const url of [
      '/api/session',
      '/',
      '/registration/family-data',
      '/api/no-such-thing',
      '/sanctum/csrf-cookie',
    ]) {
      const res = await request(server).get(url);
      const policy = String(res.headers['permissions-policy']);
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('fullscreen=(self)');
      for (const off of ['geolocation', 'microphone', 'payment', 'usb', 'display-capture', 'sync-xhr'])
        expect(policy, url).toContain(`${off}=()`);
      // Nothing else is allowed anywhere.
      const allowed = policy.split(', ').filter((d) => !d.endsWith('=()'));
      expect(allowed.sort(), url).toEqual(['camera=(self)', 'fullscreen=(self)']);
    }
  });

  it('gives no cookie to an anonymous visitor', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/session').expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatchObject({
      authenticated: false,
      user: null,
      settings: { school_name: 'Test Girls High School', student_id_lookup: false },
    });
  });

  it('answers bad input with 4xx in the one error shape, never 500', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const malformed = await c.agent
      .post('/api/login-student')
      .set('X-XSRF-TOKEN', c.xsrfToken())
      .set('Content-Type', 'application/json')
      .send('{"student_id": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBeTruthy();
    const wrongType = await c.post('/api/login-student', { student_id: 1001, password: ['x'] });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.student_id).toBeDefined();
    const extra = await c.post('/api/login-student', { student_id: '1001', password: 'x', role: 'admin' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors.role).toBeDefined();
    const huge = await c.post('/api/login-student', { student_id: '1001', password: 'x'.repeat(300_000) });
    expect(huge.status).toBe(413);
  });

  it('refuses a deeply nested body with 400, signed in or not; a normal body still works', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const sendRaw = (c: ApiClient, path: string, body: string) =>
      c.agent.post(path).set('X-XSRF-TOKEN', c.xsrfToken()).set('Content-Type', 'application/json').send(body);
    const visitor = await new ApiClient(t).primeCsrf();
    const publicRoute = await sendRaw(visitor, '/api/login-student', nested(10_000));
    expect(publicRoute.status).toBe(400);
    expect(publicRoute.body).toEqual({ statusCode: 400, message: 'The request is nested too deeply.' });
    const arrays = await sendRaw(visitor, '/api/login-student', '['.repeat(10_000) + ']'.repeat(10_000));
    expect(arrays.status).toBe(400);
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const signedIn = await sendRaw(student, '/api/change-password-student', nested(10_000));
    expect(signedIn.status).toBe(400);
    expect(signedIn.body.statusCode).toBe(400);
    const normal = await visitor.post('/api/login-student', { student_id: '1002', password: 'Sunny-Garden-42' });
    expect(normal.status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the X-XSRF-TOKEN header', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const res = await c.agent.post('/api/login-student').send({ student_id: '1002', password: 'Sunny-Garden-42' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.csrf);
  });

  it('refuses a token that does not match the cookie or was not signed by the server', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const mismatch = await c.agent
      .post('/api/login-student')
      .set('X-XSRF-TOKEN', 'abc.def')
      .send({ student_id: '1002', password: 'Sunny-Garden-42' });
    expect(mismatch.status).toBe(403);
    const forged = await request(t.app.getHttpServer())
      .post('/api/login-student')
      .set('Cookie', 'XSRF-TOKEN=nonce.forged')
      .set('X-XSRF-TOKEN', 'nonce.forged')
      .send({ student_id: '1002', password: 'Sunny-Garden-42' });
    expect(forged.status).toBe(403);
  });

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const res = await request(t.app.getHttpServer()).get('/sanctum/csrf-cookie').expect(204);
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((x) => x.startsWith('XSRF-TOKEN='))!;
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('student sign-in', () => {
  it('signs in with the answer of docs/product.md §7 and a secure session cookie stored in the database', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const res = await c.post('/api/login-student', { student_id: '1002', password: 'Sunny-Garden-42' }).expect(200);
    expect(res.body).toEqual({
      name: 'Bea Charles',
      initials: 'BC',
      role: 'student',
      student_id: '1002',
      password_reset: 0,
    });
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((x) => x.startsWith('portal.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await t.ds.getRepository(User).findOneByOrFail({ student_id: '1002' });
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: user.id })).toBeGreaterThan(0);
    const session = await c.get('/api/session').expect(200);
    expect(session.body).toMatchObject({ authenticated: true, user: { student_id: '1002', role: 'student' } });
    // A browser-session cookie (the idle and absolute lifetimes are the server's), not re-sent on every answer.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(String(session.headers['set-cookie'] ?? '')).not.toContain('portal.sid=');
  });

  it('gives a new session id at every sign-in', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const first = await c.post('/api/login-student', { student_id: '1003', password: 'Other-Garden-43' }).expect(200);
    const second = await c.post('/api/login-student', { student_id: '1003', password: 'Other-Garden-43' }).expect(200);
    const sid = (r: request.Response) =>
      ([] as string[])
        .concat(r.headers['set-cookie'])
        .find((x) => x.startsWith('portal.sid='))!
        .split(';')[0];
    expect(sid(first)).not.toBe(sid(second));
  });

  it('answers an unknown ID and a wrong password the same way', async () => {
    const c = await new ApiClient(t).primeCsrf();
    const unknown = await c.post('/api/login-student', { student_id: '9999', password: 'whatever-123' });
    const wrong = await c.post('/api/login-student', { student_id: '1003', password: 'whatever-123' });
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      statusCode: 422,
      message: MESSAGES.badCredentials,
      errors: { student_id: [MESSAGES.badCredentials] },
    });
  });

  it('survives a server restart: the session lives in the database', async () => {
    const c = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    await t.restart();
    const res = await request(t.app.getHttpServer()).get('/api/student-record/1002').set('Cookie', c.cookieHeader());
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: '1002', first_name: 'Bea', last_name: 'Charles' });
  });
});

describe('ownership and roles', () => {
  it("lets a student read her own record and user info but not another student's", async () => {
    const c = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    expect((await c.get('/api/user/1002').expect(200)).body).toEqual([{ student_id: '1002', password_reset: 0 }]);
    expect((await c.get('/api/student-record/1002').expect(200)).body[0]).toMatchObject({ id: '1002', class_id: '2A' });
    expect((await c.get('/api/user/1003')).status).toBe(403);
    expect((await c.get('/api/student-record/1003')).status).toBe(403);
    expect((await c.get('/api/student-record/nope')).status).toBe(403);
  });

  it('lets an admin read any student', async () => {
    const admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    expect((await admin.get('/api/student-record/1003').expect(200)).body[0].id).toBe('1003');
    expect((await admin.get('/api/user/1001').expect(200)).body).toEqual([{ student_id: '1001', password_reset: 1 }]);
  });

  it('asks a visitor to sign in', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/student-record/1002');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: MESSAGES.signInRequired, reason: 'signed-out' });
    expect((await request(t.app.getHttpServer()).get('/api/towns')).status).toBe(401);
  });
});

describe('administrator sign-in', () => {
  it("answers name 'Admin' and role admin", async () => {
    const c = await new ApiClient(t).primeCsrf();
    const res = await c.post('/api/admin-login', { username: 'office', password: 'Office-Admin-Pass-1' }).expect(200);
    expect(res.body).toMatchObject({ name: 'Admin', role: 'admin', username: 'office' });
  });

  it("refuses a student's credentials at the admin sign-in and an empty username", async () => {
    const c = await new ApiClient(t).primeCsrf();
    expect((await c.post('/api/admin-login', { username: '1002', password: 'Sunny-Garden-42' })).status).toBe(422);
    const empty = await c.post('/api/admin-login', { username: '', password: 'x' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.username).toContain(MESSAGES.usernameEmpty);
  });
});

describe('sign-out', () => {
  it('ends the session on the server', async () => {
    const c = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    await c.post('/logout').expect(204);
    expect((await c.get('/api/student-record/1002')).status).toBe(401);
  });

  it('answers 204 without a session', async () => {
    const c = await new ApiClient(t).primeCsrf();
    await expectStatus(c.post('/logout'), 204);
  });
});
