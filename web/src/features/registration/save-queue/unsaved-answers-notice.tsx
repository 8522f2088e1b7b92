import { PlainAlert, PlainButton } from '../../../components/plain-ui.js';
import { fieldSaveQueue } from './field-save-queue.js';
import { useFailedCount } from './use-field-save.js';

/**
 * Above the form while some answers could not be saved yet: how many, that they are kept on this
 * device and sent by themselves, and a way to try at once (e.g. after moving to better coverage).
 */
export function UnsavedAnswersNotice({ studentId }: { studentId: string }) {
  const count = useFailedCount(studentId);
  if (count === 0) return null;
  const answers = count === 1 ? '1 answer is' : `${count} answers are`;
  return (
    <PlainAlert
      type="warning"
      role="status"
      style={{ marginBottom: 12 }}
      title={`${answers} not saved yet`}
      description={
        'They are kept on this device and will be sent as soon as the portal can be reached. ' +
        'You can carry on filling in the form.'
      }
      action={
        <PlainButton size="small" onClick={() => fieldSaveQueue.retryNow()}>
          Try now
        </PlainButton>
      }
    />
  );
}
