// The school's phone numbers (docs/product.md §5): 7 digits after a fixed 1868 prefix that is shown, not typed and
// not stored. These rules turn what a parent pastes (a number copied from a contact, a message or an
// e-mail signature) into those 7 digits. The server stays strict: it takes exactly 7 digits.

import { MESSAGES, PHONE_DIGITS, PHONE_PREFIX } from './constants.js';

/**
 * The digits of a pasted number (and, when it ended in an extension, the note saying it was left out), or the message
 * (docs/product.md §5 Phones) for why it cannot go into the field.
 */
export type NormalisedPhone = { digits: string; note?: string } | { problem: string };

/** Said under the box when a pasted number's extension was left out: the field holds the number only. */
export const phoneExtensionNote = (extension: string) =>
  `Extension ${extension} left out: the box takes the 7-digit number only.`;

/** An extension at the end of a number, as people write it: 'ext 2', 'ext. 12', 'extension 3', 'x 45', '#2'. */
const EXTENSION = /[\s,;]*(?:ext\.?|extn\.?|extension|x|#)\s*(\d{1,6})\s*$/i;

/** What people write between the digits: spaces (also non-breaking), dashes of any width, brackets, dots, slashes. */
const SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212()./-]/g;
const AREA_CODE = PHONE_PREFIX.slice(1); // 868, the prefix without the country code 1

/**
 * '623-4567', '(868) 623-4567', '1 868 623 4567' and '+1-868-623-4567' all become '6234567':
 * separators are dropped, then a leading 1868 or 868 when exactly 7 digits follow it (a 7-digit
 * number may itself start with 868). Fewer than 7 digits are kept (the rest may be typed next);
 * anything but digits and separators is 'Only Numbers Allowed'; more digits than a number here
 * can have is '7 Digits Needed'. An extension at the end ('868 623 4567 ext 2') is left out, with a note saying so: the
 * portal keeps 7 digits, which the office dials, and the server takes nothing else.
 */
export function normalisePhone(text: string): NormalisedPhone {
  // Only after a whole number: '45x7' pasted into a number half typed is letters, not an extension.
  const extension = EXTENSION.exec(text.trim());
  const number = extension ? normalisePhone(text.trim().slice(0, extension.index)) : null;
  if (extension && number && 'digits' in number && number.digits.length === PHONE_DIGITS)
    return { digits: number.digits, note: phoneExtensionNote(extension[1]) };
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

/**
 * The phone box after a paste: its new value and where the caret goes (and a note, when part of the paste was left
 * out), or why the paste was refused.
 */
export type PhonePaste = { value: string; caret: number; note?: string } | { problem: string };

/**
 * Pastes `text` over the selection `start`..`end` of a phone box holding `current`. A whole number
 * replaces what the box held, selected or not: she pasted the number she means, not a piece of it
 * to splice into the old one. A piece (fewer than 7 digits) goes where the caret is, as typing would.
 */
export function pastePhone(current: string, start: number, end: number, text: string): PhonePaste {
  const pasted = normalisePhone(text);
  if ('problem' in pasted) return pasted;
  const note = pasted.note ? { note: pasted.note } : {};
  if (pasted.digits.length === PHONE_DIGITS) return { value: pasted.digits, caret: PHONE_DIGITS, ...note };
  const value = current.slice(0, start) + pasted.digits + current.slice(end);
  if (value.length > PHONE_DIGITS) return { problem: MESSAGES.phoneLength };
  return { value, caret: start + pasted.digits.length, ...note };
}
