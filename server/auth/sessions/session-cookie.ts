import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SIGNED_OUT_COOKIE } from '../../../shared/api-types.js';

/** The session cookie's name: set by the session middleware (create-app.ts), cleared at sign-out. */
export const SESSION_COOKIE = 'portal.sid';

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

/**
 * Signs this browser in as the account: a new session id at every sign-in (and password change) defeats
 * session fixation.
 */
export async function startSession(req: Request, userId: number): Promise<void> {
  await renewSession(req);
  req.session.userId = userId;
  req.session.signedInAt = Date.now();
  await promisify((cb) => req.session.save(cb));
}

/** A new, empty session under a new id: the one the request came with ends (after signOutHere there is none). */
export async function renewSession(req: Request): Promise<void> {
  if (req.session) await promisify((cb) => req.session.regenerate(cb));
  else req.sessionStore.generate(req);
}

/** Whether the request carries the client's signed-out marker (from the header: it may come before cookieParser). */
export function hasSignedOutMarker(req: Request): boolean {
  const cookies = req.headers.cookie;
  // Most requests carry no marker: a substring test first, the exact test only when it may be there.
  if (cookies === undefined || !cookies.includes(`${SIGNED_OUT_COOKIE}=`)) return false;
  return cookies.split(';').some((c) => c.trim().startsWith(`${SIGNED_OUT_COOKIE}=`));
}

/**
 * Signs this browser out here (POST /logout, and the signed-out marker below): its session ends, none takes its place
 * (a sign-in later in the same request starts one: renewSession), and the answer removes the session cookie and the
 * marker. The rest of the request reads no session cookie either, so that it says `signed-out`, as every later call
 * without the cookie does (SessionAccount.endedReason), not `ended`.
 */
export async function signOutHere(req: Request, res: Response, secure: boolean): Promise<void> {
  if (req.session) await promisify((cb) => req.session.destroy(cb));
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  res.clearCookie(SIGNED_OUT_COOKIE, { path: '/', sameSite: 'lax', secure });
  const cookies = req.cookies as Record<string, unknown> | undefined;
  if (cookies) delete cookies[SESSION_COOKIE];
  if (req.headers.cookie) {
    req.headers.cookie = req.headers.cookie
      .split(';')
      .filter((c) => !c.trim().startsWith(`${SESSION_COOKIE}=`))
      .join(';');
  }
}

/**
 * The sign-out a browser made without a connection (shared/api-types.ts SIGNED_OUT_COOKIE), delivered by the first
 * request that carries the marker: the session it comes with is signed out here (signOutHere), and the marker goes.
 * Only ever ends a session, never starts one; a session without an account is left as it is.
 */
export async function endMarkedSession(req: Request, res: Response, secure: boolean): Promise<void> {
  if (!hasSignedOutMarker(req)) return;
  if (req.session?.userId === undefined) {
    res.clearCookie(SIGNED_OUT_COOKIE, { path: '/', sameSite: 'lax', secure });
    return;
  }
  await signOutHere(req, res, secure);
}

/** endMarkedSession as middleware, after the session middleware. */
export function signedOutMarker(secure: boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasSignedOutMarker(req)) return next();
    endMarkedSession(req, res, secure).then(() => next(), next);
  };
}
