import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { Spinner } from '../../../components/plain-controls.js';
import { CardTitle, PlainCard } from '../../../components/plain-card.js';
import { PlainResult } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../../lib/auth-store.js';

/** How long 'Redirecting to PTA Registration' stays readable before going back to the dashboard. */
const RETURN_DELAY_MS = 800;

/** docs/product.md §2 PTA redirect (/pta): opens the operator's external form in a new window, back to /dashboard. */
export function PtaRedirectPage() {
  const { settings } = useAuth();
  const navigate = useNavigate();
  const opened = useRef(false);
  const url = settings.pta_form_url;

  // Opening a window is a side effect of arriving here, done once even if React runs effects twice.
  useEffect(() => {
    if (!url || opened.current) return;
    opened.current = true;
    window.open(url, '_blank', 'noopener,noreferrer');
  }, [url]);

  useEffect(() => {
    if (!url) return;
    const timer = window.setTimeout(() => navigate(ROUTES.dashboard, { replace: true }), RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [url, navigate]);

  if (!url) {
    return (
      <>
        <title>PTA Registration · Student Portal</title>
        <PlainCard width={LAYOUT.pageCardWidth}>
          <PlainResult
            status="info"
            title="PTA Registration is not available"
            subTitle="The school has not set up the PTA registration form yet. Please check again later."
            extra={<Link to={ROUTES.dashboard}>Back to the dashboard</Link>}
          />
        </PlainCard>
      </>
    );
  }

  return (
    <>
      <title>PTA Registration · Student Portal</title>
      <PlainCard width={LAYOUT.pageCardWidth}>
        <CardTitle>Redirecting to PTA Registration</CardTitle>
        <div style={{ marginTop: 12 }}>
          <Spinner />
        </div>
        <p style={{ margin: '12px 0 0' }}>
          The form opens in a new window. If it did not open,{' '}
          <a href={url} target="_blank" rel="noopener noreferrer" className="pf-link">
            open the PTA Registration form
          </a>
          .
        </p>
      </PlainCard>
    </>
  );
}
