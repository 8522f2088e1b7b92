import type { Request } from 'express';
import { MFA_PENDING_MS } from '../../../shared/mfa.js';
import type { DeviceCookie } from '../sign-in/device-cookies.js';
import { renewSession } from '../sessions/session-cookie.js';

declare module 'express-session' {
  interface SessionData {
    /** Half signed in: the password was right, the code is still to come (within MFA_PENDING_MS). */
    pendingMfa: { userId: number; at: number; device?: DeviceCookie };
  }
}

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

/** A fresh session holding only the pending second step: nobody is signed in by it. */
export async function startPendingMfa(req: Request, userId: number, device?: DeviceCookie): Promise<void> {
  await renewSession(req);
  req.session.pendingMfa = { userId, at: Date.now(), device };
  await promisify((cb) => req.session.save(cb));
}

/** The administrator waiting for her code, or null when there is none or it is older than 5 minutes. */
export async function pendingMfaUser(req: Request): Promise<{ userId: number; device?: DeviceCookie } | null> {
  const pending = req.session?.pendingMfa;
  if (!pending) return null;
  if (Date.now() - pending.at > MFA_PENDING_MS) {
    delete req.session.pendingMfa;
    await promisify((cb) => req.session.save(cb));
    return null;
  }
  return { userId: pending.userId, device: pending.device };
}
