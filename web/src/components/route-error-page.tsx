import { useRouteError } from 'react-router-dom';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { PlainIcon } from './plain-icon.js';

/**
 * Shown when a page fails to render, most often because a new version was deployed and the old
 * page's code file is gone: reloading fetches the new one. Without antd (as antd's Result): antd itself may be the
 * file that failed to load.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="pf-result">
      <PlainIcon icon={CloseCircleFilled} className="pf-result-error" />
      <h1 style={{ fontSize: 24, margin: 0 }}>Something went wrong</h1>
      <p className="pf-result-subtitle">This page could not be shown. Reloading usually helps.</p>
      <button type="button" className="pf-btn pf-btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
