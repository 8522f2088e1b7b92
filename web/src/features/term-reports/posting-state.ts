import { TERM_REPORT_MESSAGES as T } from '../../../../shared/term-reports.js';

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

/** The dialog's line under its question, so that Yes and No are never a guess. */
export function nowLine(p: PostingState): string {
  if (p.posted && p.scheduled_for) return T.nowScheduled(p.scheduled_for);
  if (p.posted) return T.nowPosted(p.date_posted);
  return T.nowNotPosted;
}
