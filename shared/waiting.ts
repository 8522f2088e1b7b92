/*
 * How long a refused request must wait, said in words from the same figure as its Retry-After header (docs/product.md
 * §8): every 429 of the portal is built by one exception (server/common/too-many-requests.exception.ts), which puts
 * this phrase into its message. A wait of a few seconds is said so; longer ones in whole minutes, rounded up.
 */

/** Whole minutes to wait for a Retry-After of this many seconds (rounded up: never sooner than the header). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** Up to this many seconds the wait is said as 'a few seconds' (a minute would be far from true). */
export const FEW_SECONDS = 15;

/**
 * 'a few seconds' up to FEW_SECONDS; then '1 minute', '15 minutes'; from two hours on, '4 hours' or
 * '23 hours and 12 minutes'.
 */
export function waitPhrase(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= FEW_SECONDS) return 'a few seconds';
  const minutes = waitMinutes(retryAfterSeconds);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 120) return unit(minutes, 'minute');
  const rest = minutes % 60;
  return unit(Math.floor(minutes / 60), 'hour') + (rest ? ` and ${unit(rest, 'minute')}` : '');
}

/** A 429's message, given the wait in words. */
export type WaitMessage = (wait: string) => string;
