import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * bcrypt through the native module: hashing runs on libuv's thread pool, off the event loop.
 * Laravel's '$2y$' hashes are the same algorithm under another prefix, so imported accounts verify.
 */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `cost` defaults to BCRYPT_COST; only a caller with a documented reason passes another. */
  hash(password: string, cost: number = this.config.bcryptCost): Promise<string> {
    return bcrypt.hash(password, cost);
  }

  verify(password: string, hash: string): Promise<boolean> {
    const normalised = hash.startsWith('$2y$') ? `$2b$${hash.slice(4)}` : hash;
    return bcrypt.compare(password, normalised).catch(() => false);
  }

  /** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password');
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
