import { type ClassPosting, TERM_REPORT_MESSAGES as T } from '../../../../shared/term-reports.js';

/** What a term's or a class's posting is, as the Post Term Reports screen needs it. */
export interface PostingState {
  posted: 0 | 1;
  /** 'YYYY-MM-DD HH:mm:ss' (school time); '' when not posted */
  date_posted: string;
  /** 'YYYY-MM-DD HH:mm' while a release time is still ahead, else '' */
  scheduled_for: string;
}

/** 'Posted 2026-11-23 11:46', 'Not posted' or 'Scheduled for 2026-11-27 15:00'. */
export function postingStateText(p: PostingState): string {
  if (p.posted && p.scheduled_for) return `Scheduled for ${p.scheduled_for}`;
  if (p.posted) return `Posted ${p.date_posted.slice(0, 16)}`;
  return 'Not posted';
}

/**
 * The dialog's line under its question, so that Yes and No are never a guess. For a whole term, `own` are the classes
 * set on their own, each with its state: 'Now: not posted; 1B posted; 1A scheduled for 2026-11-27 07:30'.
 */
export function nowLine(p: PostingState, own: readonly ClassPosting[] = []): string {
  const term =
    p.posted && p.scheduled_for
      ? T.nowScheduled(p.scheduled_for)
      : p.posted
        ? T.nowPosted(p.date_posted)
        : T.nowNotPosted;
  const state = (c: ClassPosting) =>
    c.posted && c.scheduled_for ? `scheduled for ${c.scheduled_for}` : c.posted ? 'posted' : 'not posted';
  const classes = own.map((c) => `${c.class_id} ${state(c)}`);
  return [term, ...classes].join('; ');
}

/** A class set on its own, as the whole-term dialog lists it: '1A: scheduled for 2026-11-27 07:30'. */
export function ownClassLine(c: ClassPosting): string {
  const state = postingStateText(c);
  return `${c.class_id}: ${state.charAt(0).toLowerCase()}${state.slice(1)}`;
}

/** The classes scheduled on their own and not yet released: a whole-term Yes leaves them to their own time. */
export function scheduledOnTheirOwn(own: readonly ClassPosting[]): ClassPosting[] {
  return own.filter((c) => c.own && c.posted === 1 && c.scheduled_for !== '');
}
