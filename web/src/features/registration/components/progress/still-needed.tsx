import { Alert } from 'antd';
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
      <Alert
        type="success"
        showIcon
        role="note"
        style={{ marginBottom: 16 }}
        title="This step is complete: nothing is missing here."
        data-testid="still-needed"
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      // Not an alert: it changes with each save and is read in its place, not announced.
      role="note"
      style={{ marginBottom: 16 }}
      data-testid="still-needed"
      title={
        <span>
          Still needed: <MissingItemLinks step={current} items={step.items} />
        </span>
      }
    />
  );
}
