import { academicYearLabel } from '../../../../../shared/constants.js';
import { PdfViewer } from '../../../components/pdf-viewer.js';
import { reportCardUrl } from '../api/use-report-card-terms.js';

export interface OpenReportCard {
  studentId: string;
  year: number;
  term: number;
}

/**
 * docs/product.md §2: the fullscreen dialog with the report card document and a Close button (the shared PDF viewer).
 */
export function ReportCardDialog({ card, onClose }: { card: OpenReportCard | null; onClose: () => void }) {
  const period = card ? `Term ${card.term}, ${academicYearLabel(card.year)}` : '';
  return (
    <PdfViewer
      url={card ? reportCardUrl(card.studentId, card.year, card.term) : null}
      title={`End of Term Report, ${period}`}
      fileName={card ? `Report Card ${card.studentId} ${academicYearLabel(card.year)} Term ${card.term}.pdf` : ''}
      onClose={onClose}
    />
  );
}
