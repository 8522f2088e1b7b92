import { describe, expect, it } from 'vitest';
import { readDayFirstDate } from './day-first-date.js';

describe('readDayFirstDate', () => {
  it('reads the day first with slashes, dashes or dots, the same twice', () => {
    expect(readDayFirstDate('17/05/2012')).toEqual({ spelling: 'dd/mm/yyyy', iso: '2012-05-17' });
    expect(readDayFirstDate('17-05-2012')).toEqual({ spelling: 'dd/mm/yyyy', iso: '2012-05-17' });
    expect(readDayFirstDate('17.05.2012')).toEqual({ spelling: 'dd/mm/yyyy', iso: '2012-05-17' });
    expect(readDayFirstDate(' 5/4/2012 ')).toEqual({ spelling: 'dd/mm/yyyy', iso: '2012-04-05' });
    expect(readDayFirstDate('17/05-2012')).toBeNull();
  });

  it('reads the year first with dashes or slashes, and says which', () => {
    expect(readDayFirstDate('2012-05-17')).toEqual({ spelling: 'yyyy-mm-dd', iso: '2012-05-17' });
    expect(readDayFirstDate('2012-5-7')).toEqual({ spelling: 'yyyy-mm-dd', iso: '2012-05-07' });
    expect(readDayFirstDate('2012/05/17')).toEqual({ spelling: 'yyyy/mm/dd', iso: '2012-05-17' });
    expect(readDayFirstDate('2012.05.17')).toBeNull();
  });

  it('reads eight digits as yyyymmdd when that is a date, else ddmmyyyy', () => {
    expect(readDayFirstDate('20120517')).toEqual({ spelling: 'yyyymmdd', iso: '2012-05-17' });
    expect(readDayFirstDate('17052012')).toEqual({ spelling: 'ddmmyyyy', iso: '2012-05-17' });
    expect(readDayFirstDate('05042012')).toEqual({ spelling: 'ddmmyyyy', iso: '2012-04-05' });
    expect(readDayFirstDate('１７０５２０１２')).toEqual({ spelling: 'ddmmyyyy', iso: '2012-05-17' });
  });

  it('knows a date that does not exist by its spelling, and reads nothing else', () => {
    expect(readDayFirstDate('31/02/2012')).toEqual({ spelling: 'dd/mm/yyyy', iso: null });
    expect(readDayFirstDate('2013-13-01')).toEqual({ spelling: 'yyyy-mm-dd', iso: null });
    expect(readDayFirstDate('99999999')).toEqual({ spelling: 'ddmmyyyy', iso: null });
    for (const text of ['17/05/12', '2012517', 'March 3 2014', 'Blue-Kite-River-9', ''])
      expect(readDayFirstDate(text), text).toBeNull();
  });
});
