import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/constants.js';
import { CSRF_BINDING_COOKIE, CSRF_COOKIE, Csrf } from './csrf.js';

const SECRET = 's'.repeat(48);

interface FakeBrowser {
  cookies: Record<string, string>;
  sessionID?: string;
  userId?: number;
}

/** A request as Express hands it on after cookie-parser and express-session. */
function fakeRequest(b: FakeBrowser, method: string, header?: string): Request {
  const headers: Record<string, string | undefined> = { 'x-xsrf-token': header };
  return {
    method,
    cookies: { ...b.cookies },
    sessionID: b.sessionID,
    session: b.userId === undefined ? {} : { userId: b.userId },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

/** A response that records its cookies, status and body, and calls on-headers' hook when its headers are written. */
function fakeResponse() {
  const set: Record<string, { value: string; options: Record<string, unknown> }> = {};
  const res = {
    statusCode: 200,
    headersSent: false,
    body: undefined as unknown,
    cookie(name: string, value: string, options: Record<string, unknown>) {
      set[name] = { value, options };
      return res;
    },
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      res.body = body;
      res.writeHead(res.statusCode);
      return res;
    },
    writeHead(_status: number) {
      res.headersSent = true;
      return res;
    },
  };
  return { res, set };
}

/** GET /sanctum/csrf-cookie: the browser keeps the cookies it is given. */
function prime(csrf: Csrf, b: FakeBrowser): string {
  const req = fakeRequest(b, 'GET');
  const { res, set } = fakeResponse();
  csrf.setCookie(req, res as unknown as Response);
  for (const [name, c] of Object.entries(set)) b.cookies[name] = c.value;
  return b.cookies[CSRF_COOKIE];
}

/** Runs the middleware; answers whether the request was let through, the answer, and the cookies it set. */
function send(csrf: Csrf, b: FakeBrowser, method: string, header?: string) {
  const { res, set } = fakeResponse();
  let passed = false;
  csrf.middleware()(
    fakeRequest(b, method, header),
    res as unknown as Response,
    (() => {
      passed = true;
    }) as NextFunction,
  );
  if (passed) res.writeHead(200);
  return { passed, res, set };
}

describe('Csrf (csrf-csrf, bound to the browser)', () => {
  it('sets a readable SameSite=Lax token cookie and an httpOnly binding cookie before sign-in', () => {
    const req = fakeRequest({ cookies: {} }, 'GET');
    const { res, set } = fakeResponse();
    new Csrf(SECRET, true).setCookie(req, res as unknown as Response);
    expect(set[CSRF_COOKIE].options).toMatchObject({ httpOnly: false, sameSite: 'lax', secure: true, path: '/' });
    expect(set[CSRF_BINDING_COOKIE].options).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
    });
    expect(set[CSRF_BINDING_COOKIE].value).toMatch(/^[\w-]{32}$/);
  });

  it('accepts a state-changing request echoing its own token, and lets safe methods through without one', () => {
    const csrf = new Csrf(SECRET, false);
    const b: FakeBrowser = { cookies: {} };
    const token = prime(csrf, b);
    expect(send(csrf, b, 'POST', token).passed).toBe(true);
    expect(send(csrf, b, 'GET').passed).toBe(true);
    expect(send(csrf, b, 'HEAD').passed).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['a header that is not the cookie', 'abc.def'],
  ])('refuses %s with 403 and the message the client recognises', (_what, header) => {
    const csrf = new Csrf(SECRET, false);
    const b: FakeBrowser = { cookies: {} };
    prime(csrf, b);
    const { passed, res } = send(csrf, b, 'POST', header);
    expect(passed).toBe(false);
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: MESSAGES.csrf });
  });

  it('refuses a cookie and header that agree but were not signed by the server', () => {
    const csrf = new Csrf(SECRET, false);
    const b: FakeBrowser = { cookies: {} };
    prime(csrf, b);
    b.cookies[CSRF_COOKIE] = 'nonce.forged';
    expect(send(csrf, b, 'POST', 'nonce.forged').passed).toBe(false);
  });

  it("refuses another browser's token, and a token signed with another secret", () => {
    const csrf = new Csrf(SECRET, false);
    const a: FakeBrowser = { cookies: {} };
    const b: FakeBrowser = { cookies: {} };
    const tokenA = prime(csrf, a);
    prime(csrf, b);
    expect(send(csrf, { cookies: { ...b.cookies, [CSRF_COOKIE]: tokenA } }, 'POST', tokenA).passed).toBe(false);
    const other = new Csrf('o'.repeat(48), false);
    expect(send(other, a, 'POST', tokenA).passed).toBe(false);
  });

  it('a token once accepted (its HMAC remembered) still needs its echo, its own binding and no other', () => {
    const csrf = new Csrf(SECRET, false);
    const a: FakeBrowser = { cookies: {} };
    const tokenA = prime(csrf, a);
    expect(send(csrf, a, 'POST', tokenA).passed).toBe(true);
    expect(send(csrf, a, 'POST', tokenA).passed).toBe(true);
    // Remembered valid for a's binding: without the header, or with another header, it is refused all the same.
    expect(send(csrf, a, 'POST').passed).toBe(false);
    expect(send(csrf, a, 'POST', `${tokenA}x`).passed).toBe(false);
    // Carried into another browser, or to a's own session once she signs in, it is not hers.
    const b: FakeBrowser = { cookies: {} };
    prime(csrf, b);
    expect(send(csrf, { cookies: { ...b.cookies, [CSRF_COOKIE]: tokenA } }, 'POST', tokenA).passed).toBe(false);
    expect(send(csrf, { ...a, sessionID: 'sid-a', userId: 7 }, 'POST', tokenA).passed).toBe(false);
  });

  it('refuses a token without a binding cookie (the anonymous binding is part of the signature)', () => {
    const csrf = new Csrf(SECRET, false);
    const b: FakeBrowser = { cookies: {} };
    const token = prime(csrf, b);
    delete b.cookies[CSRF_BINDING_COOKIE];
    expect(send(csrf, b, 'POST', token).passed).toBe(false);
  });

  it('binds to the session once signed in, and rotates the token in the answer that changed the binding', () => {
    const csrf = new Csrf(SECRET, false);
    const b: FakeBrowser = { cookies: {} };
    const anonymous = prime(csrf, b);
    // Signing in: the browser now has a session; its anonymous token no longer fits.
    b.sessionID = 'session-one';
    b.userId = 7;
    expect(send(csrf, b, 'POST', anonymous).passed).toBe(false);
    const { set } = send(csrf, b, 'GET');
    const signedIn = set[CSRF_COOKIE].value;
    expect(signedIn).not.toBe(anonymous);
    b.cookies[CSRF_COOKIE] = signedIn;
    expect(send(csrf, b, 'POST', signedIn).passed).toBe(true);
    // A token that still fits is not replaced.
    expect(send(csrf, b, 'GET').set[CSRF_COOKIE]).toBeUndefined();
    // A new session (password change) refuses the earlier token.
    b.sessionID = 'session-two';
    expect(send(csrf, b, 'POST', signedIn).passed).toBe(false);
  });
});
