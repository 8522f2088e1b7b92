import { describe, expect, it } from 'vitest';
import { STUDENT_FIELDS } from '../../../shared/student-fields.js';
import { EXPORT_COLUMNS, formatPhone } from './export-columns.js';

describe('registration export columns', () => {
  it('has each record field once, in form order, between ID and last change; terms stamp after the agreement', () => {
    expect(EXPORT_COLUMNS.map((c) => c.key)).toEqual([
      'id',
      ...STUDENT_FIELDS.flatMap((f) =>
        f.name === 'agree_terms_conditions' ? [f.name, 'terms_version', 'terms_agreed_at'] : [f.name],
      ),
      'updatedAt',
    ]);
  });

  it('gives every column a header of its own', () => {
    const labels = EXPORT_COLUMNS.map((c) => c.label);
    expect(new Set(labels.map((l) => l.toLowerCase())).size).toBe(labels.length);
    expect(labels).toContain('Mother: Mobile');
    expect(labels).toContain('Guardian: E-mail');
    expect(labels).toContain('Emergency Contact: Home Phone');
  });

  it('writes phones with the 1868 prefix', () => {
    expect(formatPhone('7654321')).toBe('1868-765-4321');
    expect(formatPhone('')).toBeNull();
    expect(formatPhone('12')).toBe('12');
  });
});
