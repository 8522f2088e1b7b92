import { type ReactNode, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether this drawing is the browser's own: false on the server and while the browser adopts the server's HTML
 * (hydration), true from the drawing after. A part that depends on what only the browser knows (its storage, its
 * unsent answers) or that is drawn with antd (whose styles are made in the browser) waits for it, so the server's
 * HTML and the browser's first drawing are the same and React adopts the page without a mismatch.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `children` once drawn by the browser (see useInBrowser); `fallback` on the server and while adopting its HTML. */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useInBrowser() ? children : fallback;
}
