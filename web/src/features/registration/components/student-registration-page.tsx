import { useNavigate } from 'react-router-dom';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { PlainResult } from '../../../components/plain-ui.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import { RegistrationForm } from './registration-form.js';

const stepRoute = (step: RegistrationStep): string => STEPS[stepIndex(step)].route;

/**
 * The signed-in student's own registration at /registration/<step>, or a guardian's daughter's (the one she has
 * chosen): each step is its own route.
 */
export function StudentRegistrationPage({ step }: { step: RegistrationStep }) {
  const { studentId } = useActiveStudent();
  const navigate = useNavigate();
  if (!studentId) {
    return (
      <PlainResult
        status="info"
        title={STEPS[stepIndex(step)].label}
        subTitle={
          "This is a student's own registration. Administrators open a student's registration from " + 'the admin area.'
        }
      />
    );
  }
  return (
    // Keyed by student: a guardian switching daughters gets a fresh form, nothing of the other one's kept.
    <RegistrationForm
      key={studentId}
      studentId={studentId}
      step={step}
      onStepChange={(next) => {
        navigate(STEPS[stepIndex(next)].route);
        window.scrollTo({ top: 0 });
      }}
      stepPath={stepRoute}
    />
  );
}
