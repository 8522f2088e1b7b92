import { Tag } from 'antd';
import type { OutboxStatus } from '../../../../../shared/mail.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
};

// The tag's text keeps at least 4.5:1 against its background (WCAG AA), which some of antd's preset colours do not.
const TAG_STYLE: Record<OutboxStatus, { color: string; background: string; borderColor: string }> = {
  queued: { color: CSS_COLOR.infoText, background: CSS_COLOR.infoBg, borderColor: CSS_COLOR.infoBorder },
  sent: { color: CSS_COLOR.successDarker, background: CSS_COLOR.successBg, borderColor: CSS_COLOR.successBorder },
  failed: { color: CSS_COLOR.errorStrong, background: CSS_COLOR.errorBgLight, borderColor: CSS_COLOR.errorBorderLight },
  kept: { color: CSS_COLOR.warningText, background: CSS_COLOR.warningBg, borderColor: CSS_COLOR.warningBorder },
};

export function OutboxStatusTag({ status }: { status: OutboxStatus }) {
  return <Tag style={{ ...TAG_STYLE[status], marginInlineEnd: 0 }}>{OUTBOX_STATUS_LABELS[status] ?? status}</Tag>;
}
