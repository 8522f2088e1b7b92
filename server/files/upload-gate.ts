import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { UPLOAD_MESSAGES, UPLOAD_RATE_LIMIT, UPLOAD_RATE_MINUTES } from '../../shared/documents.js';
import type { SessionUser } from '../common/session-user.js';
import { DbThrottlerStorage } from '../common/throttling/db-throttler-storage.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';

/** Uploads being received or prepared at once, per account and in the process (each may hold 4 × UPLOAD_MAX_MB). */
export const UPLOADS_IN_FLIGHT_PER_ACCOUNT = 2;
export const UPLOADS_IN_FLIGHT_TOTAL = 8;
/** What Retry-After says when a cap on uploads in flight is reached. */
const IN_FLIGHT_RETRY_SECONDS = 10;

/**
 * Who may start an upload now (docs/product.md §5 Uploads): at most UPLOADS_IN_FLIGHT_PER_ACCOUNT uploads of
 * one account and UPLOADS_IN_FLIGHT_TOTAL in all are read and prepared at once in this process (429 and 503,
 * with Retry-After), and an account stores at most UPLOAD_RATE_LIMIT uploads in UPLOAD_RATE_MINUTES, counted
 * in the database so every instance counts the same (429 with Retry-After). The office's accounts are counted
 * per student they upload for, so the office can work through a class.
 */
@Injectable()
export class UploadGate {
  private readonly perAccount = new Map<number, number>();
  private total = 0;
  constructor(private readonly limiter: DbThrottlerStorage) {}

  /** Takes a place for an upload of this account, or refuses. Answers the function that gives it back. */
  enter(user: SessionUser): () => void {
    const mine = this.perAccount.get(user.id) ?? 0;
    if (mine >= UPLOADS_IN_FLIGHT_PER_ACCOUNT)
      throw new TooManyRequestsException(UPLOAD_MESSAGES.uploadInProgress, IN_FLIGHT_RETRY_SECONDS);
    if (this.total >= UPLOADS_IN_FLIGHT_TOTAL)
      throw new ServiceUnavailableException({
        message: UPLOAD_MESSAGES.serverBusy,
        retryAfter: IN_FLIGHT_RETRY_SECONDS,
      });
    this.perAccount.set(user.id, mine + 1);
    this.total++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.total--;
      const now = (this.perAccount.get(user.id) ?? 1) - 1;
      if (now > 0) this.perAccount.set(user.id, now);
      else this.perAccount.delete(user.id);
    };
  }

  /** Counts one upload of the account (for this student, when the office uploads); 429 past the limit. */
  async count(user: SessionUser, studentId: string): Promise<void> {
    const key = user.role === 'admin' ? `upload:${user.id}:${studentId}` : `upload:${user.id}`;
    const hit = await this.limiter.increment(key, UPLOAD_RATE_MINUTES * 60_000, UPLOAD_RATE_LIMIT);
    if (hit.isBlocked)
      throw new TooManyRequestsException(
        UPLOAD_MESSAGES.tooManyUploads(UPLOAD_RATE_LIMIT, UPLOAD_RATE_MINUTES),
        hit.timeToBlockExpire,
      );
  }
}
