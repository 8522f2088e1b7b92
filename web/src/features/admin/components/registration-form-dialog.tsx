import { Button, Modal } from 'antd';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { schoolYearLabel } from '../../../../../shared/school-year.js';
import { OfficePdfFrame } from './office-pdf-frame.js';
import { registrationFormUrl } from '../../../lib/registration-pdf-urls.js';
import { plainName } from './student-name.js';

/**
 * The Registration Form row action (docs/product.md §2 Admin students screen, §12.3 Former students): a persistent
 * large dialog with the document in a frame and Close.
 */
export function RegistrationFormDialog({
  student,
  year = null,
  onClose,
}: {
  /** a current student's row, or a former student's (Former Students) */
  student: Pick<StudentListItem, 'id' | 'first_name' | 'last_name'> | null;
  /** a kept year's form (by the year's start), or the current form */
  year?: number | null;
  onClose: () => void;
}) {
  const of = year === null ? '' : ` ${schoolYearLabel(year)}`;
  const title = student ? `Registration Form${of} · ${plainName(student)} (${student.id})` : '';
  return (
    <Modal
      open={student !== null}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width="min(1100px, 100vw)"
      style={{ top: 12, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: '78vh' } }}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {student && <OfficePdfFrame url={registrationFormUrl(student.id, year)} title={title} />}
    </Modal>
  );
}
