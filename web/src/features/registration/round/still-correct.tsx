import { isDataStep, ROUND_WORDS } from '../../../../../shared/registration-round.js';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { PlainButton, PlainErrorAlert } from '../../../components/plain-ui.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useConfirmStep } from '../../../lib/queries/use-registration-round.js';
import './round.css';

/**
 * A returning student's data step still to confirm: the answers shown are last year's, and one tap says they are
 * still correct and goes on to the next step. Whatever she typed stays in the form (each field has saved itself, and
 * a saved answer makes the step 'changed'); a refusal is said here, in the server's words.
 */
export function StillCorrect({
  studentId,
  step,
  onConfirmed,
}: {
  studentId: string;
  step: RegistrationStep;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmStep(studentId);
  if (!isDataStep(step)) return null;
  return (
    <div className="round-still-correct" role="group" aria-labelledby="round-still-correct-text">
      <p id="round-still-correct-text" className="round-still-correct-text">
        {step === 'documents'
          ? "These are last year's files. If they are all still right, keep them; if one is out of date, " +
            'send a new one.'
          : "These are last year's answers. If they are all still right, confirm them; if not, change what is " +
            'different (each answer is saved as you go).'}
      </p>
      <PlainButton
        variant="primary"
        size="large"
        loading={confirm.isPending}
        onClick={() => confirm.mutate({ step }, { onSuccess: onConfirmed })}
      >
        {confirm.isPending ? 'Confirming…' : ROUND_WORDS.stillCorrect}
      </PlainButton>
      {confirm.isError && <PlainErrorAlert message={errorMessage(confirm.error)} />}
    </div>
  );
}
