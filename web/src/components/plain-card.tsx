import type { CSSProperties, ReactNode } from 'react';

/**
 * A card drawn with plain CSS for the sign-in screens: antd's Card brings Tabs, Skeleton and
 * Typography with it, too heavy for the page every visitor downloads first (docs/design.md §7). Its
 * classes (global.css) are shared with the server's loading shell of the same screens.
 */
export function PlainCard({ width, children, style }: { width: number; children: ReactNode; style?: CSSProperties }) {
  return (
    <section className="plain-card" style={{ width, ...style }}>
      {children}
    </section>
  );
}

/** The school name at the head of a sign-in card. */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h1 className="plain-card-title">{children}</h1>;
}

/** The line under the school name ('Student Login', 'Administrator Login', ...). */
export function CardSubtitle({ children }: { children: ReactNode }) {
  return <p className="plain-card-subtitle">{children}</p>;
}
