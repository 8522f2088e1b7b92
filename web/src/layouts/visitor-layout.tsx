import type { ReactNode } from 'react';
import { CSS_COLOR } from '../../../shared/design-tokens.js';

/**
 * The frame of the sign-in screens: a coloured band and the card centred below it. Its classes
 * (global.css) are shared with the server's loading shell, so the page is drawn where the shell was.
 */
export function VisitorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="visitor-frame">
      <div
        aria-hidden="true"
        className="visitor-band"
        style={{ background: CSS_COLOR.primary, borderBottom: `4px solid ${CSS_COLOR.accent}` }}
      />
      <main className="visitor-main">{children}</main>
    </div>
  );
}
