import { describe, expect, it } from 'vitest';
import { nowLine, postingStateText } from './posting-state.js';

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
});
