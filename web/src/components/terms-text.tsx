import { termsParagraphs } from '../../../shared/terms.js';
import { CSS_COLOR } from '../../../shared/design-tokens.js';

/**
 * The school's terms as plain text, a paragraph per block (never markup): what the student reads on the
 * Complete step, and the administrator's preview of a changed text.
 */
export function TermsText({ text }: { text: string }) {
  return (
    <div style={{ borderInlineStart: `3px solid ${CSS_COLOR.primaryRule}`, paddingInlineStart: 12, marginBottom: 16 }}>
      {termsParagraphs(text).map((p, i) => (
        <p key={i} style={{ whiteSpace: 'pre-line', margin: '0 0 8px' }}>
          {p}
        </p>
      ))}
    </div>
  );
}
