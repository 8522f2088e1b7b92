import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { PlainIcon } from './plain-icon.js';

/** The portal could not ask the server who is signed in: say so, offer another try (without antd, like its Result). */
export function StartupError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="pf-result">
      <PlainIcon icon={ExclamationCircleFilled} className="pf-result-warning" />
      <h1 style={{ fontSize: 24, margin: 0 }}>The portal cannot be reached</h1>
      <p className="pf-result-subtitle">
        Check your connection and try again. If it keeps happening, the school&apos;s server may be down.
      </p>
      <button type="button" className="pf-btn pf-btn-primary" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}
