// Formula-like text (OWASP "CSV injection"): a text cell starting with =, +, -, @, a tab or a carriage
// return may be taken for a formula by the spreadsheet program that opens the file (in a CSV always;
// in a workbook when someone edits the cell), and a formula can run commands or send the sheet's data
// away. The one rule for every export (neutralised) and every import (refused).

/** What a spreadsheet may read as the start of a formula; tab and CR are named, as a message can't show them. */
export const FORMULA_TRIGGERS: readonly { char: string; name: string }[] = [
  { char: '=', name: "'='" },
  { char: '+', name: "'+'" },
  { char: '-', name: "'-'" },
  { char: '@', name: "'@'" },
  { char: '\t', name: 'a tab' },
  { char: '\r', name: 'a carriage return' },
];

/**
 * Characters that show nothing and that a spreadsheet program may skip before the trigger: white
 * space (tab and CR are triggers themselves), zero-width space, non-joiner and joiner, the byte-order
 * mark / zero-width no-break space, and the bidirectional marks, embeddings, overrides and isolates.
 */
const INVISIBLE = '\\s\\u200B-\\u200D\\uFEFF\\u200E\\u200F\\u061C\\u202A-\\u202E\\u2066-\\u2069';
const TRIGGER = new RegExp(`^[${INVISIBLE}]*?([=+\\-@\\t\\r])`, 'u');

/** The trigger a text starts with (after any invisible characters), as a message names it; null when none. */
export function formulaTrigger(text: string): string | null {
  const m = TRIGGER.exec(text);
  return m ? FORMULA_TRIGGERS.find((t) => t.char === m[1])!.name : null;
}

/**
 * A text cell as an export writes it: formula-like text gets a leading single quote, as OWASP
 * recommends, so it is shown as typed and never calculated ("+1 868…" comes out as "'+1 868…").
 * Only text is at risk: numbers and dates written as such are never formulas and are left alone.
 */
export function neutraliseFormula(text: string): string {
  return formulaTrigger(text) ? `'${text}` : text;
}

/** The sentence an import answers for a cell that starts like a formula (`ref` such as 'B2'). */
export function formulaCellMessage(ref: string, trigger: string): string {
  return (
    `Cell ${ref} starts with ${trigger}, which a spreadsheet takes for a formula. ` +
    'Formulas are not accepted: a cell may not start with =, +, -, @, a tab or a carriage return ' +
    '(even after spaces or invisible characters). Import the values.'
  );
}
