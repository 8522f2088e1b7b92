import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { SaveIndicator } from './use-save-indicator.js';

const GREEN = '#1b7f3b';
const RED = '#c62828';

/** The per-field save state beside its label: spinner (slow save), check (saved) or red alert (not saved). */
export function SaveStatusIcon({ state, error }: { state: SaveIndicator; error?: string }) {
  if (state === 'none') return null;
  if (state === 'saving') return <LoadingOutlined role="img" aria-label="Saving" style={{ marginInlineStart: 8 }} />;
  if (state === 'saved') return <CheckCircleFilled role="img" aria-label="Saved" style={{ color: GREEN, marginInlineStart: 8 }} />;
  return (
    <Tooltip title={error ? `Not saved: ${error}` : 'Not saved'}>
      <ExclamationCircleFilled role="img" aria-label={error ? `Not saved: ${error}` : 'Not saved'} style={{ color: RED, marginInlineStart: 8 }} />
    </Tooltip>
  );
}
