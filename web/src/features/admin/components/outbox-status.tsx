import { Tag } from 'antd';
import type { OutboxStatus } from '../../../../../shared/mail.js';

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
};

// The tag's text keeps at least 4.5:1 against its background (WCAG AA), which some of antd's preset colours do not.
const TAG_STYLE: Record<OutboxStatus, { color: string; background: string; borderColor: string }> = {
  queued: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  sent: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  failed: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  kept: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
};

export function OutboxStatusTag({ status }: { status: OutboxStatus }) {
  return <Tag style={{ ...TAG_STYLE[status], marginInlineEnd: 0 }}>{OUTBOX_STATUS_LABELS[status] ?? status}</Tag>;
}
