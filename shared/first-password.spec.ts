import { describe, expect, it } from 'vitest';
import { firstPassword, firstPasswordSpelling } from './first-password.js';

describe('the first password and the ways a date of birth is typed', () => {
  it('is the date of birth written yyyymmdd', () => {
    expect(firstPassword('2012-05-17')).toBe('20120517');
  });

  it('reads every common spelling of 17 May 2012 as 20120517, day first', () => {
    for (const typed of [
      '17/05/2012',
      '17-05-2012',
      '17.05.2012',
      '2012-05-17',
      '2012/05/17',
      '17052012',
      '20120517',
      ' 17/5/2012 ',
      '１７/０５/２０１２',
    ]) {
      expect(firstPasswordSpelling(typed), typed).toBe('20120517');
    }
    // Day first: 05/04/2012 is 5 April, not 4 May.
    expect(firstPasswordSpelling('05/04/2012')).toBe('20120405');
    expect(firstPasswordSpelling('05042012')).toBe('20120405');
  });

  it('reads nothing else as a date: impossible dates, mixed separators, other text', () => {
    for (const typed of [
      '31/02/2012',
      '29/02/2013',
      '17/13/2012',
      '17/05-2012',
      '2012.05.17',
      '17/05/12',
      '2012517',
      '99999999',
      'Blue-Kite-River-9',
      '',
    ]) {
      expect(firstPasswordSpelling(typed), typed).toBeNull();
    }
    expect(firstPasswordSpelling('29/02/2012')).toBe('20120229');
  });
});
