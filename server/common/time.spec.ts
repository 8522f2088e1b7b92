import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, parseLocalDateTime } from './time.js';

describe('parseLocalDateTime', () => {
  it('reads a school-time wall clock as the instant it is, with a space or a T', () => {
    expect(parseLocalDateTime('2026-11-27 15:00', 'America/Port_of_Spain')?.toISOString()).toBe(
      '2026-11-27T19:00:00.000Z',
    );
    expect(parseLocalDateTime('2026-11-27T15:00', 'America/Port_of_Spain')?.toISOString()).toBe(
      '2026-11-27T19:00:00.000Z',
    );
  });

  it('follows a zone whose clocks change', () => {
    const summer = parseLocalDateTime('2026-07-01 09:30', 'Europe/London')!;
    expect(summer.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(formatLocalDateTime(summer, 'Europe/London')).toBe('2026-07-01 09:30:00');
    expect(parseLocalDateTime('2026-01-01 09:30', 'Europe/London')?.toISOString()).toBe('2026-01-01T09:30:00.000Z');
    // The hour skipped when the clocks go forward does not exist.
    expect(parseLocalDateTime('2026-03-08 02:30', 'America/New_York')).toBeNull();
    expect(parseLocalDateTime('2026-03-29 01:30', 'Europe/London')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const bad of ['2026-11-27', '2026-11-27 15', '2026-02-30 10:00', '2026-11-27 24:00', 'Friday 3pm', ''])
      expect(parseLocalDateTime(bad, 'America/Port_of_Spain')).toBeNull();
  });
});
