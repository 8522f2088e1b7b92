// The school's phone numbers (docs/product.md §5): 7 digits after a fixed 1868 prefix that is shown, not typed and
// not stored. These rules turn what a parent pastes (a number copied from a contact, a message or an
// e-mail signature) into those 7 digits. The server stays strict: it takes exactly 7 digits.

import { MESSAGES, PHONE_DIGITS, PHONE_PREFIX } from './constants.js';

/** The digits of a pasted number, or the message (docs/product.md §5 Phones) for why it cannot go into the field. */
export type NormalisedPhone = { digits: string } | { problem: string };

/** What people write between the digits: spaces (also non-breaking), dashes of any width, brackets, dots, slashes. */
const SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212()./-]/g;
const AREA_CODE = PHONE_PREFIX.slice(1); // 868, the prefix without the country code 1

/**
 * '623-4567', '(868) 623-4567', '1 868 623 4567' and '+1-868-623-4567' all become '6234567':
 * separators are dropped, then a leading 1868 or 868 when exactly 7 digits follow it (a 7-digit
 * number may itself start with 868). Fewer than 7 digits are kept (the rest may be typed next);
 * anything but digits and separators is 'Only Numbers Allowed'; more digits than a number here
 * can have is '7 Digits Needed'.
 */
export function normalisePhone(text: string): NormalisedPhone {
  let rest = text.trim().replace(SEPARATORS, '');
  if (rest.startsWith('+')) rest = rest.slice(1);
  if (!/^\d*$/.test(rest)) return { problem: MESSAGES.phoneDigits };
  if (rest.length === PHONE_PREFIX.length + PHONE_DIGITS && rest.startsWith(PHONE_PREFIX))
    rest = rest.slice(PHONE_PREFIX.length);
  else if (rest.length === AREA_CODE.length + PHONE_DIGITS && rest.startsWith(AREA_CODE))
    rest = rest.slice(AREA_CODE.length);
  if (rest.length > PHONE_DIGITS) return { problem: MESSAGES.phoneLength };
  return { digits: rest };
}

/** The phone box after a paste: its new value and where the caret goes, or why the paste was refused. */
export type PhonePaste = { value: string; caret: number } | { problem: string };

/**
 * Pastes `text` over the selection `start`..`end` of a phone box holding `current`. A whole number
 * replaces what the box held, selected or not: she pasted the number she means, not a piece of it
 * to splice into the old one. A piece (fewer than 7 digits) goes where the caret is, as typing would.
 */
export function pastePhone(current: string, start: number, end: number, text: string): PhonePaste {
  const pasted = normalisePhone(text);
  if ('problem' in pasted) return pasted;
  if (pasted.digits.length === PHONE_DIGITS) return { value: pasted.digits, caret: PHONE_DIGITS };
  const value = current.slice(0, start) + pasted.digits + current.slice(end);
  if (value.length > PHONE_DIGITS) return { problem: MESSAGES.phoneLength };
  return { value, caret: start + pasted.digits.length };
}
