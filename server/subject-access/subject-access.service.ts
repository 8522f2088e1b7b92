import type { Readable } from 'node:stream';
import { Injectable, NotFoundException } from '@nestjs/common';
import JSZip from 'jszip';
import { MESSAGES } from '../../shared/constants.js';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { DocumentsService } from '../documents/documents.service.js';
import { FilesService } from '../files/files.service.js';
import { GuardiansService } from '../guardians/guardians.service.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { StudentsRepository } from '../students/students.repository.js';
import { ReportCardPdfService } from '../term-reports/report-card/report-card-pdf.service.js';
import { ReportCardsService } from '../term-reports/report-cards.service.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** The account fields a subject-access export carries: an allow-list, so a secret column added later stays out. */
const ACCOUNT_FIELDS = [
  'role',
  'student_id',
  'display_name',
  'password_reset',
  'password_changed_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof User)[];

/** A name safe as one path segment of a ZIP entry on every system (no folders, no control characters). */
export function zipSegment(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^[.\s]+/, '');
  return cleaned.slice(0, 150) || 'file';
}

const README = `Subject-access export of the Student Portal

record.json        her registration record (every field), her sign-in account (no password or session data), and the
                   parent or guardian accounts linked to her (name, address, since when) with invitations pending
audit-trail.json   every change to her data and every administrator's read of it, oldest first
documents.json     her current uploaded documents: type, name, size, SHA-256, when and by whom uploaded
documents/         those documents, byte for byte as stored
pdfs/              her registration form and her posted report cards, generated at the time of the export, and the
                   registration form of each past school year as it was kept when that year closed
`;

export interface SubjectAccessExport {
  fileName: string;
  stream: NodeJS.ReadableStream;
}

/**
 * GET /api/students/{id}/export: everything the portal holds about one student, as one ZIP streamed to
 * the administrator. The PDFs are generated first and the export audited (failing closed) before the
 * first byte is sent; the documents are streamed from the storage into the ZIP.
 */
@Injectable()
export class SubjectAccessService {
  constructor(
    private readonly students: StudentsRepository,
    private readonly users: UsersService,
    private readonly files: FilesService,
    private readonly documents: DocumentsService,
    private readonly cards: ReportCardsService,
    private readonly cardPdf: ReportCardPdfService,
    private readonly audit: AuditService,
    private readonly guardians: GuardiansService,
    private readonly rounds: RegistrationRoundService,
  ) {}

  async export(admin: SessionUser, studentId: string): Promise<SubjectAccessExport> {
    const student = await this.students.findRow(studentId);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    const account = await this.users.findStudent(studentId);
    const guardians = await this.guardians.ofStudent(studentId);

    const pdfs: { name: string; bytes: Buffer }[] = [];
    const form = await this.documents.registrationForm(studentId);
    pdfs.push({ name: form.fileName, bytes: form.pdf });
    // Each school year's registration as it was kept when the year closed (docs/product.md §13).
    for (const { year } of await this.rounds.archivedForms(studentId)) {
      const kept = await this.documents.archivedForm(studentId, year);
      pdfs.push({ name: kept.fileName, bytes: kept.pdf });
    }
    for (const term of await this.cards.terms(studentId)) {
      if (!term.posted) continue;
      const card = await this.cards.card(studentId, term.year, term.term, admin);
      const { bytes, fileName } = await this.cardPdf.cardBytes(card);
      pdfs.push({ name: fileName, bytes });
    }

    // Recorded before anything is sent, so the export is in the trail it carries.
    await this.audit.recordRead(admin, studentId, 'export');
    const trail = (await this.audit.ofStudent(studentId)).map(({ actor_user_id: _id, ...entry }) => entry);
    const stored = await this.files.openCurrentFiles(studentId);

    const zip = new JSZip();
    const exportedAt = nowIso();
    zip.file('README.txt', README);
    zip.file(
      'record.json',
      JSON.stringify(
        {
          exported_at: exportedAt,
          student,
          account: account ? Object.fromEntries(ACCOUNT_FIELDS.map((k) => [k, account[k]])) : null,
          guardians,
        },
        null,
        2,
      ),
    );
    zip.file('audit-trail.json', JSON.stringify(trail, null, 2));
    const used = new Set<string>();
    const manifest = stored.map(({ file, stream }) => {
      let path = `documents/${zipSegment(`${file.file_type} - ${file.original_name}`)}`;
      if (used.has(path)) path = `documents/${zipSegment(`${file.file_type} - ${file.id} - ${file.original_name}`)}`;
      used.add(path);
      if (stream) zip.file(path, stream as Readable, { binary: true });
      return {
        type: file.file_type,
        name: file.original_name,
        path: stream ? path : null,
        stored_name: file.stored_name,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        uploaded_at: file.created_at,
        uploaded_by: file.uploaded_by,
        ...(stream ? {} : { missing: 'The stored bytes of this file could not be read.' }),
      };
    });
    zip.file('documents.json', JSON.stringify(manifest, null, 2));
    for (const pdf of pdfs) zip.file(`pdfs/${zipSegment(pdf.name)}`, pdf.bytes);

    return {
      fileName: `${studentId} subject access.zip`,
      stream: zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' }),
    };
  }
}
