import { describe, expect, it } from 'vitest';
import { nowLine, ownClassLine, postingStateText, scheduledOnTheirOwn } from './posting-state.js';

describe('posting state words (docs/product.md §2 Post Term Reports)', () => {
  it('says posted with the minute, not posted, or scheduled for the release time', () => {
    const posted = { posted: 1 as const, date_posted: '2026-11-23 11:46:05', scheduled_for: '' };
    const scheduled = { posted: 1 as const, date_posted: '2026-11-27 15:00:00', scheduled_for: '2026-11-27 15:00' };
    const none = { posted: 0 as const, date_posted: '', scheduled_for: '' };
    expect(postingStateText(posted)).toBe('Posted 2026-11-23 11:46');
    expect(postingStateText(scheduled)).toBe('Scheduled for 2026-11-27 15:00');
    expect(postingStateText(none)).toBe('Not posted');
    expect(nowLine(posted)).toBe('Now: posted 2026-11-23 11:46');
    expect(nowLine(scheduled)).toBe('Now: scheduled for 2026-11-27 15:00');
    expect(nowLine(none)).toBe('Now: not posted');
  });

  it("names each class set on its own with its state, in the Now line and the dialog's list", () => {
    const own = (class_id: string, posted: 0 | 1, date_posted: string, scheduled_for: string) => ({
      class_id,
      posted,
      date_posted,
      scheduled_for,
      own: true,
    });
    const b = own('1B', 1, '2026-11-26 14:02:11', '');
    const a = own('1A', 1, '2026-11-27 07:30:00', '2026-11-27 07:30');
    const c = own('2C', 0, '', '');
    const term = { posted: 0 as const, date_posted: '', scheduled_for: '' };
    expect(nowLine(term, [b, a, c])).toBe(
      'Now: not posted; 1B posted; 1A scheduled for 2026-11-27 07:30; 2C not posted',
    );
    expect(ownClassLine(a)).toBe('1A: scheduled for 2026-11-27 07:30');
    expect(ownClassLine(b)).toBe('1B: posted 2026-11-26 14:02');
    expect(ownClassLine(c)).toBe('2C: not posted');
    expect(scheduledOnTheirOwn([b, a, c])).toEqual([a]);
  });
});
