import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 5 (/registration/documents). */
export function DocumentsPage() {
  return <StudentRegistrationPage step="documents" />;
}
