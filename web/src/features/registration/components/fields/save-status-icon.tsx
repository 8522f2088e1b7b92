import type { ReactNode } from 'react';
import { Spinner } from '../../../../components/plain-controls.js';
import { PlainButton } from '../../../../components/plain-ui.js';
import type { QueueEntry } from '../../save-queue/field-save-queue.js';
import type { FieldSave } from '../../save-queue/use-field-save.js';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { PlainIcon } from '../../../../components/plain-icon.js';

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
      return (
        <span role="img" aria-label="Saving" className="rf-status">
          <Spinner size="small" />
        </span>
      );
    case 'saved':
      return (
        <span role="img" aria-label="Saved" className="rf-status rf-status-saved">
          <PlainIcon icon={CheckCircleFilled} />
        </span>
      );
    default: {
      const label =
        save.status === 'conflict' ? 'Not saved: changed on another device' : entry ? unsavedText(entry) : 'Not saved';
      // The words are also under the field (SaveStatusLine); on a mouse they show on the icon too.
      return (
        <span role="img" aria-label={label} title={label} className="rf-status rf-status-unsaved">
          <PlainIcon icon={ExclamationCircleFilled} />
        </span>
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
    return <div className="field-save-line rf-unsaved">{unsavedText(entry)}</div>;
  }
  return (
    <div className="field-save-line" role="group" aria-label="Changed on another device">
      <div className="rf-unsaved">
        Changed on another device since you opened it. Saved there: “{show(entry.current)}”. Yours: “{show(entry.value)}
        ”.
      </div>
      <div className="rf-save-choice">
        <PlainButton size="small" onClick={save.keepMine}>
          Keep mine
        </PlainButton>
        <PlainButton size="small" onClick={() => onUseSaved(save.useSaved())}>
          Use the saved one
        </PlainButton>
      </div>
    </div>
  );
}
