import { describe, expect, it } from 'vitest';
import { waitMinutes, waitPhrase } from './waiting.js';

describe('the wait a 429 states', () => {
  it('is a few seconds up to 15 seconds', () => {
    expect(waitPhrase(1)).toBe('a few seconds');
    expect(waitPhrase(10)).toBe('a few seconds');
    expect(waitPhrase(15)).toBe('a few seconds');
  });

  it('is Retry-After rounded up to whole minutes past that', () => {
    expect(waitPhrase(16)).toBe('1 minute');
    expect(waitPhrase(60)).toBe('1 minute');
    expect(waitPhrase(61)).toBe('2 minutes');
    expect(waitPhrase(15 * 60)).toBe('15 minutes');
    expect(waitPhrase(119 * 60)).toBe('119 minutes');
    expect(waitMinutes(899.2)).toBe(15);
  });

  it('says hours from two hours on, with the minutes left', () => {
    expect(waitPhrase(120 * 60)).toBe('2 hours');
    expect(waitPhrase(16 * 3600)).toBe('16 hours');
    expect(waitPhrase(23 * 3600 + 11 * 60 + 5)).toBe('23 hours and 12 minutes');
    expect(waitPhrase(2 * 3600 + 60)).toBe('2 hours and 1 minute');
  });
});
