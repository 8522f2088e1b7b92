import type { RegistrationStep } from '../../../../shared/student-fields.js';
import { type AppRoute, ROUTES } from '../../config/routes.js';

export interface StepMeta {
  key: RegistrationStep;
  /** docs/product.md §2: the stepper's and the side menu's label */
  label: string;
  /** The student's route of this step */
  route: AppRoute;
}

/** The six steps of docs/product.md §2, in order. */
export const STEPS: readonly StepMeta[] = [
  { key: 'studentData', label: 'Student Data', route: ROUTES.studentData },
  { key: 'familyData', label: 'Family Data', route: ROUTES.familyData },
  { key: 'healthData', label: 'Medical Data', route: ROUTES.healthData },
  { key: 'otherData', label: 'Other Data', route: ROUTES.otherData },
  { key: 'documents', label: 'Upload Documents', route: ROUTES.documents },
  { key: 'submit', label: 'Complete', route: ROUTES.complete },
];

export function stepIndex(step: RegistrationStep): number {
  return STEPS.findIndex((s) => s.key === step);
}
