import type { Request } from 'express';

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
