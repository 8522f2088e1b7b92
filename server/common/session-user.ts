import type { Role, SessionEndReason } from '../../shared/api-types.js';

/** The account behind a request, as the guards and services see it. */
export interface SessionUser {
  id: number;
  role: Role;
  student_id: string | null;
  username: string | null;
  display_name: string;
  password_reset: number;
  /** an administrator's recovery address, a guardian's sign-in address */
  email: string | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: SessionUser;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** epoch ms of sign-in, for the absolute lifetime */
    signedInAt: number;
    /** An ended session, kept a while (no account) so that the browser can be told why (DbSessionStore). */
    endedReason: SessionEndReason;
  }
}
