import { describe, expect, it } from 'vitest';
import { isRetentionDue, latestDueLeavingDate, REGISTER_COLUMNS, retentionDueOn } from './retention.js';
import { STUDENT_FIELDS } from './student-fields.js';

// When a former student's personal data falls due for deletion (docs/product.md §12.4).

const former = (
  left_on: string | null,
  extra: { status?: 'graduated' | 'left' | 'current'; scrubbed_at?: string } = {},
) => ({
  status: extra.status ?? 'graduated',
  left_on,
  scrubbed_at: extra.scrubbed_at ?? null,
});

describe('retentionDueOn', () => {
  it('is the day she left, the given number of years later', () => {
    expect(retentionDueOn('2019-07-15', 7)).toBe('2026-07-15');
    expect(retentionDueOn('2019-12-31', 0)).toBe('2019-12-31');
    expect(retentionDueOn('1999-01-01', 50)).toBe('2049-01-01');
  });

  it('makes 29 February the 28th in a common year, and keeps it in a leap year', () => {
    expect(retentionDueOn('2020-02-29', 7)).toBe('2027-02-28');
    expect(retentionDueOn('2020-02-29', 4)).toBe('2024-02-29');
    expect(retentionDueOn('2020-02-28', 7)).toBe('2027-02-28');
  });
});

describe('isRetentionDue', () => {
  it('is due on the due day and after, not the day before', () => {
    expect(isRetentionDue(former('2019-07-15'), 7, '2026-07-14')).toBe(false);
    expect(isRetentionDue(former('2019-07-15'), 7, '2026-07-15')).toBe(true);
    expect(isRetentionDue(former('2019-07-15'), 7, '2030-01-01')).toBe(true);
  });

  it('is due from 28 February for one who left on 29 February, when the later year has none', () => {
    expect(isRetentionDue(former('2020-02-29'), 7, '2027-02-27')).toBe(false);
    expect(isRetentionDue(former('2020-02-29'), 7, '2027-02-28')).toBe(true);
  });

  it('is never due for a current student, one without a leaving date, or one already deleted', () => {
    expect(isRetentionDue(former('2000-01-01', { status: 'current' }), 7, '2026-01-01')).toBe(false);
    expect(isRetentionDue(former(null), 7, '2026-01-01')).toBe(false);
    expect(isRetentionDue(former('2000-01-01', { scrubbed_at: '2020-01-01T00:00:00.000Z' }), 7, '2026-01-01')).toBe(
      false,
    );
    expect(isRetentionDue(former('2000-01-01', { status: 'left' }), 7, '2026-01-01')).toBe(true);
  });

  it('with 0 years, is due from the day she left', () => {
    expect(isRetentionDue(former('2026-07-15'), 0, '2026-07-15')).toBe(true);
    expect(isRetentionDue(former('2026-07-15'), 0, '2026-07-14')).toBe(false);
  });
});

describe('latestDueLeavingDate', () => {
  it('is the last leaving day whose data is due today: it and the due rule agree on every day of 4 years', () => {
    const day = new Date(Date.UTC(2026, 0, 1));
    for (let n = 0; n < 4 * 366; n++, day.setUTCDate(day.getUTCDate() + 1)) {
      const today = day.toISOString().slice(0, 10);
      const cutoff = latestDueLeavingDate(7, today);
      expect(isRetentionDue(former(cutoff), 7, today), `${today}: ${cutoff}`).toBe(true);
      const next = new Date(`${cutoff}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(isRetentionDue(former(next.toISOString().slice(0, 10)), 7, today), today).toBe(false);
    }
  });
});

describe('REGISTER_COLUMNS', () => {
  it('names only columns of the record (besides id, the timestamps, her standing and the deletion date)', () => {
    const fields = STUDENT_FIELDS.map((f) => f.name as string);
    const other = ['id', 'created_at', 'updated_at', 'status', 'left_on', 'leaving_reason', 'scrubbed_at'];
    for (const column of REGISTER_COLUMNS) expect(fields.includes(column) || other.includes(column), column).toBe(true);
  });
});
