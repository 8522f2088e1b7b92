import { Button, Modal } from 'antd';
import { TERM_REPORT_MESSAGES } from '../../../../../shared/term-reports.js';
import { TermReportList } from './term-report-list.js';

/**
 * For the admin area's students table ('Term Reports' action): the same list a student sees, for any
 * student, with unposted reports open (docs/product.md §6: admins can open unposted reports).
 */
export function StudentTermReportsDialog({
  student,
  onClose,
}: {
  student: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={student !== null}
      onCancel={onClose}
      destroyOnHidden
      title={student ? `${TERM_REPORT_MESSAGES.selectTitle} · ${student.name} (${student.id})` : ''}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {student && <TermReportList studentId={student.id} openUnposted />}
    </Modal>
  );
}
