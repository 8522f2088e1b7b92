import { useEffect } from 'react';

export interface OfflineNoticeProps {
  /** What could not be opened ("Family Data", "this page"). */
  what: string;
  /** Asks again; called by "Try again" and as soon as the browser says the connection is back. */
  retry: () => void;
  className?: string;
}

/**
 * Said where a page's code could not be loaded (most often: the connection dropped), instead of the whole page's
 * error: she keeps her place and what she typed, and it opens once the connection is back. Styled by global.css (the
 * first stylesheet), as it may stand in for a page before any other of its code has come.
 */
export function OfflineNotice({ what, retry, className }: OfflineNoticeProps) {
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <div className={`offline-notice ${className ?? ''}`} role="alert">
      <div className="offline-notice-text">
        <strong>No connection: {what} could not be opened.</strong>
        <br />
        Nothing you entered is lost. It opens when you are back online, or try again now.
      </div>
      <button type="button" className="pf-btn pf-btn-primary offline-notice-retry" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
