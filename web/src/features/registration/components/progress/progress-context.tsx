import { createContext, useContext } from 'react';
import type { RegistrationRound } from '../../../../../../shared/registration-round.js';
import type { RegistrationStep } from '../../../../../../shared/student-fields.js';
import type { FocusTarget } from '../../focus-target.js';
import type { RegistrationProgressView } from '../../../../lib/use-registration-progress.js';

/** Her progress through the open registration form, and how to reach what is still missing. */
export interface RegistrationProgressContextValue extends RegistrationProgressView {
  current: RegistrationStep;
  /** The URL of a step of this registration (the student's own, or the admin's view of hers). */
  stepPath: (step: RegistrationStep) => string;
  /** Opens a step (when it is not the current one) and focuses the target on it. */
  goTo: (step: RegistrationStep, target: FocusTarget) => void;
  /**
   * This year's round when she is a returning student (her steps to confirm); null for a new student, for the office's
   * view of her form, and until it is known.
   */
  round: RegistrationRound | null;
}

export const RegistrationProgressContext = createContext<RegistrationProgressContextValue | null>(null);

export function useProgress(): RegistrationProgressContextValue {
  const value = useContext(RegistrationProgressContext);
  if (!value) throw new Error('useProgress must be used inside <RegistrationForm>');
  return value;
}
