import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants.js';
import { normalisePhone, pastePhone } from './phone-number.js';

describe('normalisePhone', () => {
  it.each([
    '623-4567',
    '(868) 623-4567',
    '1 868 623 4567',
    '+1-868-623-4567',
    '6234567',
    '868.623.4567',
    '18686234567',
    '+1 (868) 623-4567',
    ' 623 4567 ',
    '868\u00a0623\u20114567',
    '+8686234567',
    '868/623-4567',
  ])('takes %j as 6234567', (text) => {
    expect(normalisePhone(text)).toEqual({ digits: '6234567' });
  });

  it('keeps a 7-digit number that itself starts with 868', () => {
    expect(normalisePhone('868-1234')).toEqual({ digits: '8681234' });
  });

  it('keeps fewer than 7 digits, for the rest to be typed', () => {
    expect(normalisePhone('623')).toEqual({ digits: '623' });
    expect(normalisePhone('  ')).toEqual({ digits: '' });
  });

  it.each(['623-45O7', 'Tel: 623-4567', '623-4567 ext 12', 'abc', '623*4567', '623-4567+'])(
    'refuses %j: Only Numbers Allowed',
    (text) => {
      expect(normalisePhone(text)).toEqual({ problem: MESSAGES.phoneDigits });
    },
  );

  it.each(['+1 212 555 1234', '62345678', '868 623 45678', '1 623 4567', '44 20 7946 0958'])(
    'refuses %j: 7 Digits Needed',
    (text) => {
      expect(normalisePhone(text)).toEqual({ problem: MESSAGES.phoneLength });
    },
  );
});

describe('pastePhone', () => {
  it('replaces the whole box with a whole number, selected or not', () => {
    expect(pastePhone('1112222', 7, 7, '+1-868-623-4567')).toEqual({ value: '6234567', caret: 7 });
    expect(pastePhone('1112222', 2, 4, '(868) 623-4567')).toEqual({ value: '6234567', caret: 7 });
    expect(pastePhone('', 0, 0, '623-4567')).toEqual({ value: '6234567', caret: 7 });
  });

  it('puts a piece where the caret is, over the selection', () => {
    expect(pastePhone('623', 3, 3, '45-67')).toEqual({ value: '6234567', caret: 7 });
    expect(pastePhone('6299567', 2, 4, '3 4')).toEqual({ value: '6234567', caret: 4 });
  });

  it('refuses a piece that would make the number too long, and letters', () => {
    expect(pastePhone('6234567', 7, 7, '89')).toEqual({ problem: MESSAGES.phoneLength });
    expect(pastePhone('623', 3, 3, '45x7')).toEqual({ problem: MESSAGES.phoneDigits });
  });
});
