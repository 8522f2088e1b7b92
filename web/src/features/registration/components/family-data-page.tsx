import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 2 (/registration/family-data). */
export function FamilyDataPage() {
  return <StudentRegistrationPage step="familyData" />;
}
