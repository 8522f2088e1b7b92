import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import pLimit, { type LimitFunction } from 'p-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * bcrypt cost of the date-of-birth first passwords a student import creates. A date of birth falls to an
 * offline search of a few thousand dates at any cost, so a whole school imports in seconds instead of a
 * minute; the password she chooses at her first sign-in is hashed at BCRYPT_COST.
 */
export const INITIAL_PASSWORD_COST = 6;

/** The cost written in a bcrypt hash ('$2b$10$…' → 10), or null when it is not one. */
export function bcryptCostOf(hash: string): number | null {
  const m = /^\$2[abxy]\$(\d\d)\$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/**
 * bcrypt through the native module: hashing runs on libuv's thread pool, off the event loop, at most
 * BCRYPT_CONCURRENCY at once (by default the cores less one): a burst of sign-ins waits its turn instead of
 * taking every core from the requests of those already signed in.
 * Laravel's '$2y$' hashes are the same algorithm under another prefix, so imported accounts verify.
 *
 * Every check does the same work, whatever the account: one comparison at BCRYPT_COST and one at
 * INITIAL_PASSWORD_COST, in that order, one of them against the account's hash and the other against a
 * dummy hash (an unknown account: both dummies). So an answer's timing tells neither whether the account
 * exists nor whether it still has its date-of-birth password.
 */
@Injectable()
export class PasswordHasher {
  private readonly dummyHashes = new Map<number, Promise<string>>();
  private readonly limit: LimitFunction;
  /** The costs each check computes, in order. */
  readonly checkCosts: readonly number[];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.checkCosts = [...new Set([config.bcryptCost, INITIAL_PASSWORD_COST])];
    this.limit = pLimit(config.bcryptConcurrency);
  }

  /** `cost` defaults to BCRYPT_COST; only a caller with a documented reason passes another. */
  hash(password: string, cost: number = this.config.bcryptCost): Promise<string> {
    return this.limit(() => bcrypt.hash(password, cost));
  }

  /** Whether the password matches the hash, at the work of every other check (see the class). */
  async verify(password: string, hash: string): Promise<boolean> {
    const cost = bcryptCostOf(hash);
    let result = false;
    let checked = false;
    for (const c of this.checkCosts) {
      if (c === cost && !checked) {
        checked = true;
        result = await this.compare(password, hash);
      } else {
        await this.compare(password, await this.dummyHash(c));
      }
    }
    // A hash at another cost (an account from before BCRYPT_COST was raised) is still honoured.
    if (!checked && cost !== null) result = await this.compare(password, hash);
    return result;
  }

  /** Spends the same work as a real check, so an unknown account cannot be told from a wrong password. */
  async verifyNothing(password: string): Promise<false> {
    for (const c of this.checkCosts) await this.compare(password, await this.dummyHash(c));
    return false;
  }

  private compare(password: string, hash: string): Promise<boolean> {
    const normalised = hash.startsWith('$2y$') ? `$2b$${hash.slice(4)}` : hash;
    return this.limit(() => bcrypt.compare(password, normalised)).catch(() => false);
  }

  private dummyHash(cost: number): Promise<string> {
    let hash = this.dummyHashes.get(cost);
    if (!hash) {
      hash = this.hash('not-a-real-password', cost);
      this.dummyHashes.set(cost, hash);
    }
    return hash;
  }
}
