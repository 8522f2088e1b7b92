import { describe, expect, it } from 'vitest';
import { defaultClassRule, schoolYearLabel, schoolYearOfDate } from './school-year.js';

describe('the school year', () => {
  it('is labelled by its two calendar years', () => {
    expect(schoolYearLabel(2026)).toBe('2026-2027');
  });

  it('starts on the first day of the start month', () => {
    expect(schoolYearOfDate('2026-08-31', 9)).toBe(2025);
    expect(schoolYearOfDate('2026-09-01', 9)).toBe(2026);
    expect(schoolYearOfDate('2027-01-15', 9)).toBe(2026);
    expect(schoolYearOfDate('2027-01-15', 1)).toBe(2027);
    expect(schoolYearOfDate('2026-12-31', 12)).toBe(2026);
  });
});

describe("a class's default rule", () => {
  it('moves the same letters one form level up', () => {
    expect(defaultClassRule('1A')).toEqual({ action: 'promote', next_class_id: '2A' });
    expect(defaultClassRule('2B')).toEqual({ action: 'promote', next_class_id: '3B' });
    expect(defaultClassRule('5SCI-2')).toEqual({ action: 'promote', next_class_id: '6SCI-2' });
  });

  it('graduates the last form level', () => {
    expect(defaultClassRule('6L')).toEqual({ action: 'graduate', next_class_id: null });
  });

  it('keeps a class without a form level where it is', () => {
    expect(defaultClassRule('X1')).toEqual({ action: 'repeat', next_class_id: null });
  });
});
