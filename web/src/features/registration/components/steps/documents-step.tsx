import { DocumentUploads } from '../../documents/components/document-uploads.js';
import { useProgress } from '../progress/progress-context.js';
import { useRegistration } from '../registration-context.js';

/** docs/product.md §2 Upload Documents (step 5): the documents feature's upload slots for this record. */
export function DocumentsStep({ studentId, editable }: { studentId: string; editable: boolean }) {
  const { record, isAdmin } = useRegistration();
  const { round } = useProgress();
  return (
    <DocumentUploads
      studentId={studentId}
      immigrationPermit={record.immigration_permit}
      editable={editable}
      isAdmin={isAdmin}
      round={round}
    />
  );
}
