import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, schoolMinute } from './school-time.js';

describe('school time (the TZ setting), as every office screen shows a stored time', () => {
  it("writes an instant in the school's zone, whatever the computer's", () => {
    const at = '2026-11-26T03:05:09.000Z';
    expect(formatLocalDateTime(new Date(at), 'America/Port_of_Spain')).toBe('2026-11-25 23:05:09');
    expect(schoolMinute(at, 'America/Port_of_Spain')).toBe('2026-11-25 23:05');
    expect(schoolMinute(at, 'Europe/London')).toBe('2026-11-26 03:05');
  });

  it("says '—' for no time or one it cannot read", () => {
    expect(schoolMinute(null, 'America/Port_of_Spain')).toBe('—');
    expect(schoolMinute('not a time', 'America/Port_of_Spain')).toBe('—');
  });
});
