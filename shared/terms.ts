// The school's terms and conditions of registration (the Complete step). The school sets the text in
// the admin Settings; each change is a new version, and every version is kept. When a student agrees
// (agree_terms_conditions set to 1), the server writes beside it which version she agreed to and when.
// A later change of the text does not undo her agreement: the registration stays complete for the
// office, and her Complete step says that the text has changed since and lets her agree to the new one.
// Framework-free: used by the server (rules, the registration form PDF) and the web client.

/** Longest text accepted: several pages, and within what one audit value holds on either database. */
export const TERMS_TEXT_MAX = 10_000;

/**
 * The text a new portal starts with (version 1, written by the migration that created the terms); the
 * school replaces it in Settings. Leave these words as they are: a migration must write the same data
 * whenever it runs. A better default is a new migration adding a version.
 */
export const DEFAULT_TERMS_TEXT = [
  'By ticking "I agree", the parent or guardian confirms that:',
  '1. The information given in this registration is true and complete to the best of my knowledge. ' +
    'I will tell the school office of any change (address, phone numbers, medical information) as soon as it happens.',
  '2. The documents uploaded are true copies of the originals, which I will bring to the school when asked.',
  '3. The school may use this information to teach and care for the student, to contact me or the emergency ' +
    'contact, and to meet the requirements of the Ministry of Education. ' +
    'It is kept confidential and given to no one else unless the law requires it.',
  '4. In a medical emergency, if I cannot be reached, ' +
    'the school may arrange for the student to receive urgent medical care.',
  "5. The student will follow the school's rules and code of conduct, and I will support the school in applying them.",
].join('\n\n');

/** GET /api/terms-and-conditions (signed in): the current text; POST answers it too. */
export interface TermsOfRegistration {
  /** 1, 2, …: each change of the text is a new version */
  version: number;
  text: string;
  /** ISO-8601 UTC: when this version was set */
  updated_at: string;
}

/** POST /api/terms-and-conditions (admin). */
export interface SetTermsRequest {
  text: string;
}

/**
 * What the record keeps of her agreement (written by the server only, never by a save's body).
 * A type, not an interface: the record must stay assignable to a plain field map.
 */
export type TermsAgreementStamp = {
  /** the version she agreed to; null when she has not agreed (or agreed before versions were kept) */
  terms_version: number | null;
  /** ISO-8601 UTC: when she agreed */
  terms_agreed_at: string | null;
};

/** The record's columns of that stamp: not fields of the form, never accepted in a save. */
export const TERMS_STAMP_COLUMNS = [
  'terms_version',
  'terms_agreed_at',
] as const satisfies readonly (keyof TermsAgreementStamp)[];

export const TERMS_MESSAGES = {
  empty: 'Enter the text of the terms and conditions.',
  tooLong: `The terms and conditions can have at most ${TERMS_TEXT_MAX.toLocaleString('en-US')} characters.`,
  changedSinceRead:
    'The school has changed its terms and conditions since you opened them. Please read the new text and tick again.',
} as const;

/** Line ends made uniform and the ends trimmed: the same words never make a new version. */
export function normalizeTermsText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** What is wrong with a text for the terms, or null when it may be saved. */
export function termsTextProblem(text: unknown): string | null {
  if (typeof text !== 'string' || normalizeTermsText(text) === '') return TERMS_MESSAGES.empty;
  return normalizeTermsText(text).length > TERMS_TEXT_MAX ? TERMS_MESSAGES.tooLong : null;
}

/**
 * The text as paragraphs (split at blank lines); line breaks inside a paragraph are kept.
 * Plain text, never markup.
 */
export function termsParagraphs(text: string): string[] {
  return normalizeTermsText(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export interface AgreementView {
  agreed: boolean;
  /** the version she agreed to (null: not agreed, or agreed before versions were kept) */
  version: number | null;
  agreedAt: string | null;
  /** she agreed, but not to the current text: the school has changed it since */
  changedSince: boolean;
}

/** Her agreement against the current version of the terms. */
export function agreementView(
  record: Readonly<{ agree_terms_conditions?: unknown; terms_version?: unknown; terms_agreed_at?: unknown }>,
  currentVersion: number,
): AgreementView {
  const agreed = record.agree_terms_conditions === 1 || record.agree_terms_conditions === '1';
  const version = agreed && typeof record.terms_version === 'number' ? record.terms_version : null;
  const agreedAt = agreed && typeof record.terms_agreed_at === 'string' ? record.terms_agreed_at : null;
  return { agreed, version, agreedAt, changedSince: agreed && version !== currentVersion };
}
