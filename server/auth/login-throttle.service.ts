import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/**
 * Sign-in throttling (docs/design.md §6): 5 failures lock an account name for 15 minutes, doubling on each
 * repeat lockout (the limit per address is SignInThrottlerGuard's). Account names are counted
 * whether or not they exist, so a lock tells nothing about the account.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectRepository(LoginThrottle) private readonly rows: Repository<LoginThrottle>) {}

  /** Throws 429 when this account name is locked. */
  async assertMayTry(loginKey: string): Promise<void> {
    const row = await this.rows.findOneBy({ login_key: loginKey });
    const now = Date.now();
    if (row && row.locked_until > now) {
      throw new TooManyRequestsException(MESSAGES.tooManyAttempts, (row.locked_until - now) / 1000);
    }
  }

  async recordFailure(loginKey: string): Promise<void> {
    const now = Date.now();
    const row =
      (await this.rows.findOneBy({ login_key: loginKey })) ??
      this.rows.create({ login_key: loginKey, failures: 0, lockouts: 0, locked_until: 0, updated_at: now });
    row.failures += 1;
    row.updated_at = now;
    if (row.failures >= MAX_FAILURES) {
      row.lockouts += 1;
      row.failures = 0;
      row.locked_until = now + LOCK_MS * 2 ** Math.min(row.lockouts - 1, 6);
    }
    await this.rows.save(row);
  }

  async recordSuccess(loginKey: string): Promise<void> {
    await this.rows.delete({ login_key: loginKey });
  }
}
