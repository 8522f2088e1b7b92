import type { CSSProperties, ReactNode } from 'react';

/**
 * A card drawn with plain CSS for the sign-in screens: antd's Card brings Tabs, Skeleton and
 * Typography with it, too heavy for the page every visitor downloads first (DESIGN.md §7).
 */
export function PlainCard({ width, children, style }: { width: number; children: ReactNode; style?: CSSProperties }) {
  return (
    <section
      style={{
        width,
        maxWidth: '100%',
        background: '#fff',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        boxShadow: '0 1px 2px rgba(0, 0, 0, 0.04), 0 2px 8px rgba(0, 0, 0, 0.06)',
        padding: 'clamp(16px, 5vw, 24px)',
        ...style,
      }}
    >
      {children}
    </section>
  );
}

export const cardTitleStyle: CSSProperties = {
  fontSize: 22,
  lineHeight: 1.3,
  fontWeight: 600,
  margin: '0 0 4px',
  color: 'rgba(0, 0, 0, 0.88)',
};

export const cardSubtitleStyle: CSSProperties = {
  margin: '0 0 20px',
  color: 'rgba(0, 0, 0, 0.66)',
};
