import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 4 (/registration/other-data). */
export function OtherDataPage() {
  return <StudentRegistrationPage step="otherData" />;
}
