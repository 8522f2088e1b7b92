import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { RateLimiter } from '../common/rate-limiter.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
const IP_LIMIT_PER_MINUTE = 20;

/**
 * Sign-in throttling (docs/design.md §6): 5 failures lock an account name for 15 minutes, doubling on each
 * repeat lockout; and at most 20 attempts a minute from one address. Account names are counted
 * whether or not they exist, so a lock tells nothing about the account.
 */
@Injectable()
export class LoginThrottleService {
  private readonly perIp = new RateLimiter(IP_LIMIT_PER_MINUTE, 60_000);

  constructor(@InjectRepository(LoginThrottle) private readonly rows: Repository<LoginThrottle>) {}

  /** Throws 429 when this address or this account name may not try now. */
  async assertMayTry(loginKey: string, ip: string): Promise<void> {
    const wait = this.perIp.hit(ip);
    if (wait > 0) throw new TooManyRequestsException(MESSAGES.tooManyAttempts, wait);
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
