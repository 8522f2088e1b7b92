import type { ReactNode } from 'react';
import { ACCENT } from '../config/theme.js';
import { THEME } from '../../../shared/constants.js';

/** The frame of the sign-in screens: a coloured band and the card centred below it. */
export function VisitorLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <div aria-hidden="true" style={{ height: 8, background: THEME.primary, borderBottom: `4px solid ${ACCENT}` }} />
      <main
        style={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          padding: '8vh 12px 24px',
          boxSizing: 'border-box',
        }}
      >
        {children}
      </main>
    </div>
  );
}
