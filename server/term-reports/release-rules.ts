// When a student may see a report card (docs/product.md §4 Term report posting), as plain functions.

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
