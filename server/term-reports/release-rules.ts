// When a student may see a report card (docs/product.md §4 Term report posting), as plain functions.

import { TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';

/** What a posting says, for a whole term or one class. */
export interface PostingState {
  posted: number;
  /** 'YYYY-MM-DD HH:mm:ss' school time: the posting's, or the release time when scheduled */
  date_posted: string | null;
  /** ISO instant from which it is visible; null: from the posting */
  release_at: string | null;
}

/** A class's own posting decides for it; otherwise the whole term's does. */
export function effectivePosting<P extends PostingState>(term: P | null | undefined, own: P | null | undefined) {
  return own ?? term ?? null;
}

/** Posted, and its release time (if any) reached at `nowIso`. */
export function visibleAt(p: PostingState | null | undefined, nowIso: string): boolean {
  return !!p && p.posted === 1 && (!p.release_at || p.release_at <= nowIso);
}

/**
 * Why a release time cannot be used, or null: it is not a time (`at` null), it has passed, or it is more than a year
 * after `now` (a typing slip such as 9999 would otherwise hide the cards for good while looking posted).
 */
export function releaseTimeProblem(at: Date | null, now: Date): string | null {
  if (!at) return TERM_REPORT_MESSAGES.releaseFormat;
  if (at.getTime() <= now.getTime()) return TERM_REPORT_MESSAGES.releasePassed;
  const yearAhead = new Date(now);
  yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
  return at.getTime() > yearAhead.getTime() ? TERM_REPORT_MESSAGES.releaseTooFar : null;
}
