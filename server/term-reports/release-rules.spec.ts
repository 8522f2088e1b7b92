import { describe, expect, it } from 'vitest';
import { TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';
import { effectivePosting, type PostingState, releaseTimeProblem, visibleAt } from './release-rules.js';

const posted: PostingState = { posted: 1, date_posted: '2026-11-27 15:00:00', release_at: null };
const removed: PostingState = { posted: 0, date_posted: null, release_at: null };
const scheduled: PostingState = {
  posted: 1,
  date_posted: '2026-11-27 15:00:00',
  release_at: '2026-11-27T19:00:00.000Z',
};

describe('release rules', () => {
  it("let a class's own posting decide for it, else the term's", () => {
    expect(effectivePosting(posted, removed)).toBe(removed);
    expect(effectivePosting(removed, posted)).toBe(posted);
    expect(effectivePosting(posted, undefined)).toBe(posted);
    expect(effectivePosting(undefined, undefined)).toBeNull();
  });

  it('show a posting from its release time on, and a removed one never', () => {
    expect(visibleAt(posted, '2026-01-01T00:00:00.000Z')).toBe(true);
    expect(visibleAt(scheduled, '2026-11-27T18:59:59.999Z')).toBe(false);
    expect(visibleAt(scheduled, '2026-11-27T19:00:00.000Z')).toBe(true);
    expect(visibleAt(removed, '2030-01-01T00:00:00.000Z')).toBe(false);
    expect(visibleAt(null, '2030-01-01T00:00:00.000Z')).toBe(false);
  });
});

describe('a release time', () => {
  const now = new Date('2026-11-26T16:00:00.000Z');
  it('must be a time, still ahead, and at most a year ahead', () => {
    expect(releaseTimeProblem(null, now)).toBe(TERM_REPORT_MESSAGES.releaseFormat);
    expect(releaseTimeProblem(new Date('2026-11-26T16:00:00.000Z'), now)).toBe(TERM_REPORT_MESSAGES.releasePassed);
    expect(releaseTimeProblem(new Date('2026-11-26T16:01:00.000Z'), now)).toBeNull();
    expect(releaseTimeProblem(new Date('2027-11-26T16:00:00.000Z'), now)).toBeNull();
    expect(releaseTimeProblem(new Date('2027-11-26T16:01:00.000Z'), now)).toBe(TERM_REPORT_MESSAGES.releaseTooFar);
    expect(releaseTimeProblem(new Date('9999-12-31T20:00:00.000Z'), now)).toBe(TERM_REPORT_MESSAGES.releaseTooFar);
  });
});
