import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants.js';
import { FIELD_BY_NAME, fieldProblem } from './student-fields.js';
import { normalisePhone, pastePhone, phoneExtensionNote } from './phone-number.js';

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

  it.each(['623-45O7', 'Tel: 623-4567', 'abc', '623*4567', '623-4567+', '623-4567 ext', 'ext 2'])(
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

describe('a number pasted with its extension', () => {
  it.each([
    ['868 623 4567 ext 2', '2'],
    ['(868) 623-4567 ext. 12', '12'],
    ['623-4567, extension 3', '3'],
    ['1-868-623-4567 x45', '45'],
    ['623 4567 #2', '2'],
    ['+1 868 623 4567 EXT 2', '2'],
  ])('keeps the number of %j and leaves out extension %s, saying so', (text, extension) => {
    expect(normalisePhone(text)).toEqual({ digits: '6234567', note: phoneExtensionNote(extension) });
    expect(pastePhone('', 0, 0, text)).toEqual({ value: '6234567', caret: 7, note: phoneExtensionNote(extension) });
  });

  it('says what was left out in words she can act on', () => {
    expect(phoneExtensionNote('2')).toBe('Extension 2 left out: the box takes the 7-digit number only.');
  });

  it('gives the server a value it takes, as the server refuses the pasted text itself', () => {
    const spec = FIELD_BY_NAME.get('mobile_phone_mother')!;
    const pasted = pastePhone('', 0, 0, '868 623 4567 ext 2');
    expect('value' in pasted && fieldProblem(spec, pasted.value)).toBeNull();
    expect(fieldProblem(spec, '868 623 4567 ext 2')).not.toBeNull();
  });

  it('still refuses a number that is wrong or not whole before its extension', () => {
    expect(normalisePhone('623-45O7 ext 2')).toEqual({ problem: MESSAGES.phoneDigits });
    expect(normalisePhone('62345678 ext 2')).toEqual({ problem: MESSAGES.phoneDigits });
    expect(normalisePhone('623 ext 2')).toEqual({ problem: MESSAGES.phoneDigits });
  });
});
