import { MESSAGES } from '../../shared/constants.js';
import { TooManyRequestsException } from '../../server/common/too-many-requests.exception.js';
import type { LoginThrottleService } from '../../server/auth/sign-in/login-throttle.service.js';

/**
 * The per-account lock for unit specs, by the same rule as LoginThrottleService: each attempt on a key counts, the
 * `max`th failure in a row locks the key (the next attempt gets the 429), and a success clears the key.
 */
export function fakeLoginThrottle(max = 5): LoginThrottleService & {
  counts: Map<string, number>;
  locked: Set<string>;
  cleared: string[];
} {
  const counts = new Map<string, number>();
  const locked = new Set<string>();
  const cleared: string[] = [];
  const fake = {
    counts,
    locked,
    cleared,
    async countAttempt(key: string) {
      if (locked.has(key)) throw new TooManyRequestsException(MESSAGES.tooManyAttempts, 15 * 60);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count >= max) locked.add(key);
    },
    async recordSuccess(key: string) {
      counts.delete(key);
      locked.delete(key);
      cleared.push(key);
    },
  };
  return fake as unknown as LoginThrottleService & {
    counts: Map<string, number>;
    locked: Set<string>;
    cleared: string[];
  };
}
