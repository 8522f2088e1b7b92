/**
 * The fonts the generated PDFs fall back to for letters the first-choice fonts lack: Debian's Noto
 * (fonts-noto-core, fonts-noto-cjk; in the Docker image and installed by .ci/run), so a name in
 * Arabic, Devanagari, Chinese, Japanese, Korean, Cyrillic or any other script the families use prints
 * as written, never as empty boxes.
 */
export const NOTO_FALLBACK =
  '"Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", ' +
  '"Noto Sans Gujarati", "Noto Sans Gurmukhi", "Noto Sans Hebrew", "Noto Sans Thai", ' +
  '"Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK KR", sans-serif';

/** A CSS font-family value: the given fonts first, then Noto for every script. */
export function fontStack(...first: string[]): string {
  return [...first.map((f) => `"${f}"`), NOTO_FALLBACK].join(', ');
}
