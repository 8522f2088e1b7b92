import { STEP_LABELS } from '../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../shared/student-fields.js';
import { STEP_ROUTES } from '../../../shared/routes.js';
import type { AppRoute } from './routes.js';

export interface StepMeta {
  key: RegistrationStep;
  /** docs/product.md §2: the stepper's and the side menu's label (the same words as the office's report and the PDF) */
  label: string;
  /** The student's route of this step */
  route: AppRoute;
}

/** The six steps of docs/product.md §2, in order. */
export const STEPS: readonly StepMeta[] = REGISTRATION_STEPS.map((key) => ({
  key,
  label: STEP_LABELS[key],
  route: STEP_ROUTES[key],
}));

export function stepIndex(step: RegistrationStep): number {
  return STEPS.findIndex((s) => s.key === step);
}
