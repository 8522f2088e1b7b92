import { useFlashNotice } from '../../../lib/flash-notice.js';
import { StudentRegistrationPage } from './student-registration-page.js';

/** Registration step 1 (/registration/student-data); it also shows the notice after a password change. */
export function StudentDataPage() {
  const notice = useFlashNotice();
  return (
    <>
      {notice}
      <StudentRegistrationPage step="studentData" />
    </>
  );
}
