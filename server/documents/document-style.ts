import { fontStack } from '../pdf/fonts.js';
import { html, raw, type SafeHtml } from '../pdf/html.js';
import { PHONE_DIGITS, PHONE_PREFIX, THEME } from '../../shared/constants.js';
import { COLOR } from '../../shared/design-tokens.js';

/**
 * The look shared by the generated documents: print fonts installed with Chromium (Noto for other
 * scripts), the school's indigo.
 */
export const BASE_CSS = `
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body { font-family: ${fontStack('Liberation Sans', 'DejaVu Sans', 'Arial')}; font-size: 9.5pt;
    color: ${COLOR.printText}; }
  h1 { font-size: 16pt; margin: 0; color: ${THEME.primary}; }
  h2 { font-size: 11pt; margin: 0; }
  .muted { color: ${COLOR.printMuted}; }
  .sym { font-family: ${fontStack('DejaVu Sans')}; }
`;

/** A whole HTML document around a body, with the shared and the document's own style. */
export function documentPage(title: string, css: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>${raw(BASE_CSS)}${raw(css)}</style></head><body>${body}</body></html>`;
}

/** '1234567' → '1868-123-4567'; other values as stored; empty → null. */
export function phoneText(digits: string | null | undefined): string | null {
  if (!digits) return null;
  return digits.length === PHONE_DIGITS && /^\d+$/.test(digits)
    ? `${PHONE_PREFIX}-${digits.slice(0, 3)}-${digits.slice(3)}`
    : digits;
}
