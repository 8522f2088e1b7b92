import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { PlainIcon } from '../components/plain-icon.js';

/** Router state that carries a one-shot notice to the next page (e.g. after a password change). */
export interface FlashState {
  notice?: string;
}

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
          <PlainIcon icon={CheckCircleFilled} className="flash-notice-icon" />
          <span>{shown}</span>
        </div>
      )}
    </div>
  );
}
