import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SIGNED_OUT_COOKIE } from '../../shared/api-types.js';

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
  await promisify((cb) => req.session.regenerate(cb));
  req.session.userId = userId;
  req.session.signedInAt = Date.now();
  await promisify((cb) => req.session.save(cb));
}

/** Ends this browser's session, when it has one. */
export async function endSession(req: Request): Promise<void> {
  if (!req.session) return;
  await promisify((cb) => req.session.destroy(cb));
}

/** Whether the request carries the client's signed-out marker (from the header: it may come before cookieParser). */
export function hasSignedOutMarker(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SIGNED_OUT_COOKIE}=`));
}

/**
 * The sign-out a browser made without a connection (shared/api-types.ts SIGNED_OUT_COOKIE), delivered by the first
 * request that carries the marker: the session it comes with ends here (a new, empty session takes its place, so the
 * rest of the request runs signed out), and the marker goes. Only ever ends a session, never starts one.
 */
export async function endMarkedSession(req: Request, res: Response, secure: boolean): Promise<void> {
  if (!hasSignedOutMarker(req)) return;
  res.clearCookie(SIGNED_OUT_COOKIE, { path: '/', sameSite: 'lax', secure });
  if (req.session?.userId === undefined) return;
  await promisify((cb) => req.session.regenerate(cb));
}

/** endMarkedSession as middleware, after the session middleware. */
export function signedOutMarker(secure: boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    endMarkedSession(req, res, secure).then(() => next(), next);
  };
}
