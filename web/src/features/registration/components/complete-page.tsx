import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 6 (/registration/complete). */
export function CompletePage() {
  return <StudentRegistrationPage step="submit" />;
}
