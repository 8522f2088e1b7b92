import { Spin } from 'antd';

/** Shown while a page's code or the session is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh', padding: 24 }}>
      <Spin size="large" description={label} />
    </div>
  );
}

/** The loading overlay of docs/product.md §2, §4: covers the whole screen while a call is under way. */
export function LoadingOverlay({ spinning, label }: { spinning: boolean; label: string }) {
  return <Spin fullscreen spinning={spinning} description={label} />;
}
