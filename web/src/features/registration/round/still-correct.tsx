import { isDataStep, ROUND_WORDS } from '../../../../../shared/registration-round.js';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { PlainButton, PlainErrorAlert } from '../../../components/plain-ui.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useConfirmStep } from '../../../lib/queries/use-registration-round.js';
import { stepAfter } from '../../../lib/registration-round-view.js';
import { STEP_LABELS } from '../../../../../shared/registration-progress.js';
import './round.css';

/**
 * A returning student's data step still to confirm: the answers shown are last year's, and one tap says they are
 * still correct and goes on to the next step. Whatever she typed stays in the form (each field has saved itself, and
 * a saved answer makes the step 'changed'); a refusal is said here, in the server's words.
 */
export function StillCorrect({
  studentId,
  step,
  settled,
  onConfirmed,
}: {
  studentId: string;
  step: RegistrationStep;
  /** the step is confirmed or changed already: the panel keeps its place and offers the next step */
  settled: boolean;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmStep(studentId);
  if (!isDataStep(step)) return null;
  const next = stepAfter(step);
  return (
    <div className="round-still-correct" role="group" aria-labelledby="round-still-correct-text">
      <p id="round-still-correct-text" className="round-still-correct-text">
        {settled
          ? `${STEP_LABELS[step]} is confirmed for this year: your answers are saved, and a change you make here is ` +
            'saved as you go. Go on to the next step.'
          : step === 'documents'
            ? "These are last year's files. If they are all still right, keep them; if one is out of date, " +
              'send a new one.'
            : "These are last year's answers. If they are all still right, confirm them; if not, change what is " +
              'different (each answer is saved as you go).'}
      </p>
      {settled ? (
        next && (
          <PlainButton variant="primary" size="large" onClick={onConfirmed}>
            {`Next: ${STEP_LABELS[next]}`}
          </PlainButton>
        )
      ) : (
        <PlainButton
          variant="primary"
          size="large"
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ step }, { onSuccess: onConfirmed })}
        >
          {confirm.isPending ? 'Confirming…' : ROUND_WORDS.stillCorrect}
        </PlainButton>
      )}
      {confirm.isError && <PlainErrorAlert message={errorMessage(confirm.error)} />}
    </div>
  );
}
