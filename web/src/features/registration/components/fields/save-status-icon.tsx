import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import type { QueueEntry } from '../../save-queue/field-save-queue.js';
import type { FieldSave } from '../../save-queue/use-field-save.js';

const GREEN = '#1b7f3b';
const RED = '#c62828';

/** The words under a field whose value is not on the server, so a parent never has to read an icon. */
export function unsavedText(entry: QueueEntry): string {
  if (entry.state === 'refused') return `Not saved: ${entry.error ?? 'the school could not accept this answer.'}`;
  if (entry.state === 'signed-out') return 'Not saved yet — it will be sent when you sign in again';
  return 'Not saved yet — will retry';
}

/** The per-field save state beside its label: spinner (slow save), check (saved) or red alert (not saved). */
export function SaveStatusIcon({ save }: { save: FieldSave }) {
  const entry = save.snapshot.entry;
  switch (save.status) {
    case 'none':
      return null;
    case 'saving':
      return <LoadingOutlined role="img" aria-label="Saving" style={{ marginInlineStart: 8 }} />;
    case 'saved':
      return <CheckCircleFilled role="img" aria-label="Saved" style={{ color: GREEN, marginInlineStart: 8 }} />;
    default: {
      const label =
        save.status === 'conflict' ? 'Not saved: changed on another device' : entry ? unsavedText(entry) : 'Not saved';
      return (
        <Tooltip title={label}>
          <ExclamationCircleFilled role="img" aria-label={label} style={{ color: RED, marginInlineStart: 8 }} />
        </Tooltip>
      );
    }
  }
}

/**
 * The line under a field that is not saved: in words ("Not saved yet — will retry"), or, when another
 * device saved a different answer meanwhile, both answers and the choice between them.
 */
export function SaveStatusLine({
  save,
  show,
  onUseSaved,
}: {
  save: FieldSave;
  show: (value: unknown) => string;
  onUseSaved: (value: unknown) => void;
}): ReactNode {
  const entry = save.snapshot.entry;
  if (!entry || (save.status !== 'unsent' && save.status !== 'conflict' && save.status !== 'refused')) return null;
  if (save.status !== 'conflict') {
    return (
      <div className="field-save-line" style={{ color: RED }}>
        {unsavedText(entry)}
      </div>
    );
  }
  return (
    <div className="field-save-line" role="group" aria-label="Changed on another device">
      <div style={{ color: RED }}>
        Changed on another device since you opened it. Saved there: “{show(entry.current)}”. Yours: “{show(entry.value)}
        ”.
      </div>
      <Flex gap={8} wrap style={{ marginTop: 4 }}>
        <Button size="small" onClick={save.keepMine}>
          Keep mine
        </Button>
        <Button size="small" onClick={() => onUseSaved(save.useSaved())}>
          Use the saved one
        </Button>
      </Flex>
    </div>
  );
}
