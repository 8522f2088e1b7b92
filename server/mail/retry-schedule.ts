// How long the outbox waits before trying a message again (docs/product.md §10): about 1 minute, 5 minutes,
// 30 minutes, then every 2 hours, until 24 hours after it was queued; then it is marked failed and waits
// for an administrator to send it again.

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * When to try a message again after its `failedTries`-th failed try (1 for the first), or null when the
 * next try would come more than 24 hours after it was queued: it has failed.
 */
export function nextAttemptAt(queuedAt: Date, failedTries: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(failedTries, 1), RETRY_DELAYS_MS.length) - 1];
  const next = new Date(now.getTime() + delay);
  return next.getTime() - queuedAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}
