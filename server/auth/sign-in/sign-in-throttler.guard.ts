import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import { MESSAGES } from '../../../shared/constants.js';
import type { DbThrottlerStorage } from '../../common/throttling/db-throttler-storage.js';
import { TooManyRequestsException } from '../../common/too-many-requests.exception.js';

const SIGN_IN = 'sign-in';
const ATTEMPTS_PER_ADDRESS_PER_MINUTE = 20;

/**
 * At most 20 sign-in attempts a minute from one address, over both sign-in routes together, counted
 * in the database so every instance shares the count. (The per-account lock is LoginThrottleService.)
 */
export function signInThrottlerOptions(storage: DbThrottlerStorage): ThrottlerModuleOptions {
  return {
    throttlers: [{ name: SIGN_IN, ttl: 60_000, limit: ATTEMPTS_PER_ADDRESS_PER_MINUTE }],
    storage,
    // The exact address (the library would group IPv6 addresses by /56), one count for both routes.
    getTracker: (req) => (req as Request).ip ?? '',
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    // Retry-After comes with the 429 from the API's error filter; no X-RateLimit-* headers.
    setHeaders: false,
  };
}

/** Guards the sign-in routes; a refused attempt gets the portal's usual 429 and message. */
@Injectable()
export class SignInThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new TooManyRequestsException(MESSAGES.tooManyAttempts, detail.timeToBlockExpire);
  }
}
