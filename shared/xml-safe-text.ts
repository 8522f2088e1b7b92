// Characters XML cannot carry (docs/product.md §5): a spreadsheet (.xlsx is XML inside a zip) with one
// of them in a cell is not well-formed and will not open. The field rules refuse them; the exports
// drop any already stored. Framework-free: imported by the server and the web client.

/** U+xFFFE and U+xFFFF of planes 1 to 16 (those of plane 0 are in the class below). */
const ASTRAL_NONCHARACTERS = Array.from({ length: 16 }, (_, n) => {
  const plane = (n + 1).toString(16).toUpperCase();
  return `\\u{${plane}FFFE}\\u{${plane}FFFF}`;
}).join('');

/**
 * One character XML cannot carry, or should not: C0 controls other than tab, LF and CR; the
 * noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF of every plane; lone surrogates. With the `u` flag
 * the pattern reads code points, so a surrogate pair (an emoji, any astral character) is one code
 * point outside the surrogate range, and only a surrogate without its partner matches \uD800-\uDFFF.
 */
const SOURCE =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFDD0-\\uFDEF\\uFFFE\\uFFFF' +
  `${ASTRAL_NONCHARACTERS}\\uD800-\\uDFFF]`;

const ONE = new RegExp(SOURCE, 'u');
const ALL = new RegExp(SOURCE, 'gu');

/** Whether the text holds a character XML cannot carry (see SOURCE). */
export function hasXmlUnsafeChar(s: string): boolean {
  return ONE.test(s);
}

/** The text without the characters XML cannot carry; everything else (emoji included) is kept. */
export function xmlSafeText(s: string): string {
  return s.replace(ALL, '');
}
