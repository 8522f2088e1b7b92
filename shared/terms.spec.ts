import { describe, expect, it } from 'vitest';
import {
  agreementView,
  DEFAULT_TERMS_TEXT,
  TERMS_MESSAGES,
  TERMS_TEXT_MAX,
  termsParagraphs,
  termsTextProblem,
} from './terms.js';

describe('terms and conditions', () => {
  it('splits the text into paragraphs at blank lines, keeping line breaks inside one', () => {
    expect(termsParagraphs('  First line\r\nsame paragraph\r\n\r\n\r\n  Second <b>not markup</b>  \n \n')).toEqual([
      'First line\nsame paragraph',
      'Second <b>not markup</b>',
    ]);
    expect(termsParagraphs(DEFAULT_TERMS_TEXT).length).toBeGreaterThan(3);
  });

  it('refuses an empty or too long text', () => {
    expect(termsTextProblem('   \n ')).toBe(TERMS_MESSAGES.empty);
    expect(termsTextProblem(42)).toBe(TERMS_MESSAGES.empty);
    expect(termsTextProblem('x'.repeat(TERMS_TEXT_MAX + 1))).toBe(TERMS_MESSAGES.tooLong);
    expect(termsTextProblem(`  ${'x'.repeat(TERMS_TEXT_MAX)}  `)).toBeNull();
  });

  it('tells an agreement to the current text from one to an earlier text', () => {
    expect(agreementView({ agree_terms_conditions: 0, terms_version: null, terms_agreed_at: null }, 2)).toEqual({
      agreed: false,
      version: null,
      agreedAt: null,
      changedSince: false,
    });
    expect(
      agreementView({ agree_terms_conditions: 1, terms_version: 2, terms_agreed_at: '2026-05-01T12:00:00.000Z' }, 2),
    ).toMatchObject({
      agreed: true,
      version: 2,
      changedSince: false,
    });
    expect(
      agreementView({ agree_terms_conditions: 1, terms_version: 1, terms_agreed_at: '2026-05-01T12:00:00.000Z' }, 2)
        .changedSince,
    ).toBe(true);
    // Agreed before versions were kept: counted as agreed, but not to a known text.
    expect(agreementView({ agree_terms_conditions: 1, terms_version: null, terms_agreed_at: null }, 1)).toMatchObject({
      agreed: true,
      changedSince: true,
    });
  });
});
