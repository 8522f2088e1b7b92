import { PlainAlert } from '../../../../components/plain-ui.js';
import { useProgress } from './progress-context.js';
import { MissingItemLinks } from './missing-item-link.js';

/**
 * What the current step still needs ("Still needed: Mother: Name, Emergency Contact"), each item a
 * link to its field; or that nothing is missing. It follows each save, so the list empties as she goes.
 */
export function StillNeeded() {
  const { progress, documentsKnown, current } = useProgress();
  if (current === 'documents' && !documentsKnown) return null;
  const step = progress.steps[current];
  if (step.complete) {
    return (
      <PlainAlert
        type="success"
        role="note"
        title="This step is complete: nothing is missing here."
        data-testid="still-needed"
      />
    );
  }
  return (
    <PlainAlert
      type="info"
      // Not an alert: it changes with each save and is read in its place, not announced.
      role="note"
      data-testid="still-needed"
      title={
        <span>
          Still needed: <MissingItemLinks step={current} items={step.items} />
        </span>
      }
    />
  );
}
