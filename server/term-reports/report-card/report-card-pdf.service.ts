import { Inject, Injectable, type StreamableFile } from '@nestjs/common';
import { academicYearLabel } from '../../../shared/constants.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { pdfFile } from '../../pdf/pdf-file.js';
import { PdfRenderer } from '../../pdf/pdf-renderer.js';
import type { ReportCardData } from '../report-cards.service.js';
import { reportCardsHtml } from './report-card.template.js';

/** Report cards printed by the shared PDF renderer, on the school's Legal paper. */
@Injectable()
export class ReportCardPdfService {
  constructor(
    private readonly pdf: PdfRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async cardPdf(card: ReportCardData): Promise<StreamableFile> {
    const { bytes, fileName } = await this.cardBytes(card);
    return pdfFile(bytes, fileName);
  }

  /** One card's PDF and its file name (also for the subject-access export). */
  async cardBytes(card: ReportCardData): Promise<{ bytes: Buffer; fileName: string }> {
    const bytes = await this.pdf.render(reportCardsHtml([card], this.config.schoolName), { format: 'Legal' });
    return { bytes, fileName: `Report Card ${card.student_id} ${academicYearLabel(card.year)} Term ${card.term}.pdf` };
  }

  async classPdf(classId: string, year: number, term: number, cards: ReportCardData[]): Promise<StreamableFile> {
    // A class of 40 cards takes longer than one document: allow it more time.
    const bytes = await this.pdf.render(reportCardsHtml(cards, this.config.schoolName), {
      format: 'Legal',
      timeoutMs: 60_000,
      footer: `${this.config.schoolName} - ${classId} - ${academicYearLabel(year)} Term ${term}`,
    });
    return pdfFile(bytes, `Report Cards ${classId} ${academicYearLabel(year)} Term ${term}.pdf`);
  }
}
