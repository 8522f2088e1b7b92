import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionEndReason } from '../../../shared/api-types.js';
import type { SessionUser } from '../../common/session-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StudentsRepository } from '../../students/students.repository.js';
import { UsersService } from '../../users/users.service.js';
import { SESSION_COOKIE } from './session-cookie.js';

/**
 * Who a request's session belongs to, by the one rule the API's guard and the server-drawn pages share: a session
 * past its absolute lifetime, whose account is gone, or of a student who has left the school, is ended here and
 * counts as none.
 */
@Injectable()
export class SessionAccount {
  constructor(
    private readonly users: UsersService,
    private readonly students: StudentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sets `req.user` to the session's account (kept in memory a few seconds; every change to it is published, so a
   * reset applies at once here and within a second on every other instance), or leaves it unset.
   */
  async attach(req: Request): Promise<SessionUser | undefined> {
    if (req.user !== undefined) return req.user;
    const session = req.session;
    const userId = session?.userId;
    if (!userId) return undefined;
    if (Date.now() - (session.signedInAt ?? 0) > this.config.sessionAbsoluteHours * 3_600_000)
      return this.end(req, 'expired');
    const user = await this.users.sessionUser(userId);
    if (!user) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      return undefined;
    }
    // A student who has left the school (docs/product.md §12.3): her account is closed, and a session that outlived
    // the rollover ends here, so that the guard, GET /api/session and the first page drawn all see her signed out.
    if (user.role === 'student' && user.student_id !== null && (await this.students.isFormerKept(user.student_id)))
      return this.end(req, 'left-school');
    req.user = user;
    return user;
  }

  /** Ends the request's session, kept a while without its account to say why it ended (DbSessionStore). */
  private async end(req: Request, reason: SessionEndReason): Promise<undefined> {
    const session = req.session;
    delete session.userId;
    delete session.signedInAt;
    session.endedReason = reason;
    await new Promise<void>((resolve) => session.save(() => resolve()));
    return undefined;
  }

  /**
   * Why a request without an account has none (after attach): its session ended and how, as kept by DbSessionStore;
   * `signed-out` without a session cookie (signed out, perhaps in another tab); `ended` for a session no longer known.
   */
  endedReason(req: Request): SessionEndReason {
    if (req.session?.endedReason) return req.session.endedReason;
    return (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE] ? 'ended' : 'signed-out';
  }
}
