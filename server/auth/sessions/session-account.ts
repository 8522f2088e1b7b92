import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionEndReason } from '../../../shared/api-types.js';
import type { SessionUser } from '../../common/session-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { UsersService } from '../../users/users.service.js';
import { SESSION_COOKIE } from './session-cookie.js';

/**
 * Who a request's session belongs to, by the one rule the API's guard and the server-drawn pages share: a session
 * past its absolute lifetime, or whose account is gone, is ended here and counts as none.
 */
@Injectable()
export class SessionAccount {
  constructor(
    private readonly users: UsersService,
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
    if (Date.now() - (session.signedInAt ?? 0) > this.config.sessionAbsoluteHours * 3_600_000) {
      // Kept a while without its account, saying why it ended (DbSessionStore).
      delete session.userId;
      delete session.signedInAt;
      session.endedReason = 'expired';
      await new Promise<void>((resolve) => session.save(() => resolve()));
      return undefined;
    }
    const user = await this.users.sessionUser(userId);
    if (!user) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      return undefined;
    }
    req.user = user;
    return user;
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
