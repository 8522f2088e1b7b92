import { Spinner } from './plain-controls.js';

/*
 * Without antd: every page shows these first (the session, a page's code), the sign-in pages too (docs/design.md §7).
 * They look like antd's Spin (plain-controls.css).
 */

/** Shown while a page's code or the session is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="pf-page-spinner" aria-live="polite" aria-busy="true">
      <Spinner size="large" />
      <div>{label}</div>
    </div>
  );
}

/** The loading overlay of docs/product.md §2, §4: covers the whole screen while a call is under way. */
export function LoadingOverlay({ spinning, label }: { spinning: boolean; label: string }) {
  // Always there (hidden when idle), so a screen reader announces the words when they appear.
  return (
    <div className="pf-overlay" aria-live="polite" aria-busy={spinning} hidden={!spinning}>
      {spinning && (
        <>
          <Spinner />
          <div>{label}</div>
        </>
      )}
    </div>
  );
}
