import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 3 (/registration/health-data). */
export function HealthDataPage() {
  return <StudentRegistrationPage step="healthData" />;
}
