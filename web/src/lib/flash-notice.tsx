import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Router state that carries a one-shot notice to the next page (e.g. after a password change). */
export interface FlashState {
  notice?: string;
}

/** Ant Design's CheckCircleFilled (MIT licence), as antd's message drew it. */
const CHECK_CIRCLE =
  'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 ' +
  '31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 ' +
  '15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z';

/** How long the notice stays on screen (antd's message stayed 3 s; a little longer to read it on a phone). */
const SHOWN_MS = 6000;
const ANNOUNCE_AFTER_MS = 150;

/**
 * Shows the notice passed in the router state once, then drops it so a reload does not repeat it. Returns what the
 * page draws (anywhere: it floats at the top of the screen, as antd's message did): a `role="status"` region, there
 * from the page's first drawing so that a screen reader announces the notice when it appears. Drawn without antd: the
 * dashboard shows it (docs/design.md §7).
 */
export function useFlashNotice(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<string | null>(null);
  const notice = (location.state as FlashState | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Written into the status region a moment after the page (and the region) is on screen: a screen reader
    // announces a change of the region, not a region that arrives with its words. Set, not added: showing it twice
    // (React's development double run) replaces, not stacks. Not cancelled when the state is dropped just above.
    setTimeout(() => setShown(notice), ANNOUNCE_AFTER_MS);
  }, [notice, navigate, location.pathname, location.search]);
  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div className="flash-notice" role="status">
      {shown && (
        <div className="flash-notice-box">
          <svg viewBox="64 64 896 896" aria-hidden="true" focusable="false" className="pf-icon flash-notice-icon">
            <path d={CHECK_CIRCLE} />
          </svg>
          <span>{shown}</span>
        </div>
      )}
    </div>
  );
}
