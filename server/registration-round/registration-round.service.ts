import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type DocumentType, MESSAGES } from '../../shared/constants.js';
import { DOCUMENT_LABELS } from '../../shared/documents.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { isRegistrationComplete, registrationProgress } from '../../shared/registration-progress.js';
import {
  type ArchivedForm,
  type ConfirmStepRequest,
  DATA_STEPS,
  type DataStep,
  isDataStep,
  MEDICAL_FIELDS,
  type RecordChange as ChangeRow,
  type RegistrationRound,
  ROUND_MESSAGES,
  type StudentRoundSummary,
} from '../../shared/registration-round.js';
import { isFormerStatus } from '../../shared/school-year.js';
import { sameFieldValue, STUDENT_FIELDS } from '../../shared/student-fields.js';
import { actorLabel } from '../../shared/api-types.js';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { type CurrentFileRef, FilesService } from '../files/files.service.js';
import { LocalDiskStorage } from '../files/storage/local-disk-storage.js';
import { StorageSweep } from '../files/storage-sweep.js';
import { SchoolYearService } from '../school-year/school-year.service.js';
import { type RecordChange, RecordChangeHooks } from '../students/record-change-hooks.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { type StudentRow, StudentsRepository } from '../students/students.repository.js';
import { type KeptAgreement, TermsAgreement } from '../students/terms-agreement.js';
import type { RegistrationArchive } from './entities/registration-round.entities.js';
import { RegistrationRoundRepository } from './registration-round.repository.js';
import {
  documentItem,
  documentsState,
  FAMILY_FIELDS,
  type Marks,
  newStudentSteps,
  returningRound,
  roundSummary,
} from './round-states.js';

/** What a year's registration keeps of the record: every field of the form, her class and the terms' stamp. */
const KEPT_COLUMNS = [
  'id',
  ...STUDENT_FIELDS.map((f) => f.name),
  'terms_version',
  'terms_agreed_at',
  'status',
  'updated_at',
] as const;

/** A kept document: the version that was current when the year closed. */
interface KeptDocument {
  type: DocumentType;
  file_id: number;
  name: string;
}

const toMarks = (rows: readonly { item: string; state: 'confirmed' | 'changed'; at: string }[]): Marks =>
  new Map(rows.map((r) => [r.item, { state: r.state, at: r.at }]));

/**
 * A school year's registration round (docs/product.md §13). A returning student (one whose registration of last year
 * was kept when that year closed) starts from last year's answers; her family confirms each step or changes it; the
 * office sees what changed and marks it reviewed. Each year's registration is kept when the year closes (at the
 * rollover), with its form's PDF made from it once.
 */
@Injectable()
export class RegistrationRoundService implements OnModuleInit {
  /** The kept forms' PDFs: their own folder of the uploads, swept against registration_archives (StorageSweep). */
  private readonly pdfs: LocalDiskStorage;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tx: Transactions,
    private readonly rounds: RegistrationRoundRepository,
    private readonly year: SchoolYearService,
    private readonly students: StudentsRepository,
    private readonly files: FilesService,
    private readonly terms: TermsAgreement,
    private readonly hooks: RecordChangeHooks,
    private readonly window: RegistrationWindow,
    private readonly audit: AuditService,
    sweep: StorageSweep,
  ) {
    this.pdfs = new LocalDiskStorage(path.join(config.uploadsDir, 'forms'));
    // A PDF whose row was never written (a process killed between the two, a failed write) goes with the sweep.
    sweep.add({ name: 'kept forms', storage: this.pdfs, storedNames: () => this.rounds.pdfStoredNames() });
  }

  onModuleInit(): void {
    this.hooks.add((actor, change, m) => this.recordChanged(actor, change, m));
  }

  /** GET /api/registration-round/{studentId} */
  async round(studentId: string): Promise<RegistrationRound> {
    const year = await this.year.current();
    const record = await this.students.findRow(studentId);
    if (!record) throw new NotFoundException(MESSAGES.notFound);
    const types = new Set(await this.fileTypesOf(studentId));
    const progress = registrationProgress(record, types);
    if (!(await this.rounds.hasArchive(studentId, year - 1))) {
      const steps = newStudentSteps(record, progress, types);
      return {
        year,
        returning: false,
        steps,
        complete: isRegistrationComplete(progress),
        documents: {},
      };
    }
    const marks = toMarks(await this.rounds.marksOf([studentId], year));
    return returningRound(year, record, progress, marks, types);
  }

  /**
   * POST /api/registration-round/{studentId}/confirm: a step confirmed as it stands, or document slots kept. The
   * family's own act (the student or her guardian) while registration is open: 403 for the office.
   */
  async confirm(user: SessionUser, studentId: string, request: ConfirmStepRequest): Promise<RegistrationRound> {
    if (user.role === 'admin') throw new ForbiddenException(MESSAGES.forbidden);
    await this.window.assertMayEdit(user, studentId);
    await this.tx.write(async (m) => {
      const standing = await this.students.pickForUpdate(studentId, ['status', 'immigration_permit'], m);
      if (!standing) throw new NotFoundException(MESSAGES.notFound);
      if (isFormerStatus(standing.status)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
      const year = await this.year.current(m);
      if (!(await this.rounds.hasArchive(studentId, year - 1, m)))
        throw new ConflictException(ROUND_MESSAGES.notReturning);
      // Checked again with her row locked: a rollover that closed registration since the first check wins.
      await this.window.assertMayEditIn(user, m);
      const at = nowIso();
      let items: string[];
      let withFile: DocumentType[] = [];
      if (request.step === 'documents') {
        withFile = await this.fileTypesOf(studentId, m);
        if (request.document && !withFile.includes(request.document))
          throw new UnprocessableEntityException({
            message: ROUND_MESSAGES.noFileToKeep,
            errors: { document: [ROUND_MESSAGES.noFileToKeep] },
          });
        // Keeping them all keeps those not kept or replaced yet.
        const marked = new Set((await this.rounds.marksOf([studentId], year, m)).map((r) => r.item));
        items = request.document
          ? [documentItem(request.document)]
          : withFile.map(documentItem).filter((item) => !marked.has(item));
        // Keeping them all is the step's own mark too (with no file, what says the step was looked at).
        if (!request.document) {
          await this.rounds.mark({ student_id: studentId, year, item: 'documents', state: 'confirmed', at }, m);
          if (items.length === 0) items = ['documents'];
        }
      } else items = [request.step];
      for (const item of items)
        await this.rounds.mark({ student_id: studentId, year, item, state: 'confirmed', at }, m);
      if (request.step === 'documents') await this.settleDocuments(studentId, year, withFile, m);
      await this.audit.record(
        user,
        items.map((item) => ({
          action: 'registration-round.confirmed',
          entity: 'student',
          entity_id: studentId,
          field: item,
          new_value: 'confirmed',
        })),
        m,
      );
    });
    return this.round(studentId);
  }

  /**
   * A save or an upload by her family, in its transaction: the step it belongs to is changed (which counts as
   * confirmed). The office's own corrections are not the family's confirmation.
   */
  private async recordChanged(actor: SessionUser, change: RecordChange, m: EntityManager): Promise<void> {
    if (actor.role === 'admin') return;
    const year = await this.year.current(m);
    if (!(await this.rounds.hasArchive(change.studentId, year - 1, m))) return;
    const at = nowIso();
    const mark = (item: string) =>
      this.rounds.mark({ student_id: change.studentId, year, item, state: 'changed', at }, m);
    if (change.kind === 'document') {
      await mark(documentItem(change.type));
      await this.settleDocuments(change.studentId, year, await this.fileTypesOf(change.studentId, m), m);
      return;
    }
    const steps = new Set(
      change.fields.map((f) => STUDENT_FIELDS.find((s) => s.name === f)?.step).filter((s) => isDataStep(s)),
    );
    for (const step of steps) await mark(step);
  }

  /** The document types she has a current file of. */
  private async fileTypesOf(studentId: string, m?: EntityManager): Promise<DocumentType[]> {
    return ((await this.files.currentRefsByStudent([studentId], m)).get(studentId) ?? []).map((f) => f.type);
  }

  /** Once every slot with a file is kept or replaced, the documents step is marked too (the office's lists read it). */
  private async settleDocuments(
    studentId: string,
    year: number,
    withFile: readonly DocumentType[],
    m: EntityManager,
  ): Promise<void> {
    const types = new Set<string>(withFile);
    const marks = toMarks(await this.rounds.marksOf([studentId], year, m));
    const { state } = documentsState(marks, types);
    if (state === 'to_confirm') return;
    // The step's time is its latest slot's: keeping a file is no new change for the office to review.
    const at = [...marks.entries()]
      .filter(([item]) => item.startsWith('document:'))
      .map(([, mark]) => mark.at)
      .sort()
      .at(-1);
    await this.rounds.mark({ student_id: studentId, year, item: 'documents', state, at: at ?? nowIso() }, m);
  }

  /**
   * GET /api/students/{id}/changes?year=Y: each answer (and document) that differs now from the start of that year's
   * round, that is from the registration kept when the year before closed; for a closed year, up to its own kept one.
   */
  async changes(studentId: string, year: number): Promise<ChangeRow[]> {
    const current = await this.year.current();
    if (year > current) throw new UnprocessableEntityException(ROUND_MESSAGES.badYear);
    const record = await this.students.findRow(studentId);
    if (!record) throw new NotFoundException(MESSAGES.notFound);
    const start = await this.rounds.archive(studentId, year - 1);
    if (!start) return [];
    const end = year < current ? await this.rounds.archive(studentId, year) : null;
    const before = JSON.parse(start.answers) as Record<string, unknown>;
    const now = end
      ? (JSON.parse(end.answers) as Record<string, unknown>)
      : (record as unknown as Record<string, unknown>);
    const who = await this.audit.latestFieldChanges(studentId, { since: start.archived_at, until: end?.archived_at });
    const rows: ChangeRow[] = FAMILY_FIELDS.filter((f) => !sameFieldValue(before[f.name], now[f.name])).map((f) => ({
      field: f.name,
      label: f.label,
      step: f.step,
      old_value: (before[f.name] ?? null) as ChangeRow['old_value'],
      new_value: (now[f.name] ?? null) as ChangeRow['new_value'],
      changed_at: who.get(f.name)?.at ?? null,
      by: who.get(f.name)?.by ?? null,
      medical: MEDICAL_FIELDS.includes(f.name),
    }));
    const oldDocs = new Map((JSON.parse(start.documents) as KeptDocument[]).map((d) => [d.type, d]));
    const newDocs = end
      ? new Map(
          (JSON.parse(end.documents) as KeptDocument[]).map((d) => [
            d.type,
            { ...d, uploaded_at: null, uploaded_by: null },
          ]),
        )
      : new Map(
          ((await this.files.currentRefsByStudent([studentId])).get(studentId) ?? []).map((f: CurrentFileRef) => [
            f.type,
            { type: f.type, file_id: f.id, name: f.name, uploaded_at: f.uploaded_at, uploaded_by: f.uploaded_by },
          ]),
        );
    for (const type of Object.keys(DOCUMENT_LABELS) as DocumentType[]) {
      const was = oldDocs.get(type);
      const is = newDocs.get(type);
      if ((was?.file_id ?? null) === (is?.file_id ?? null)) continue;
      rows.push({
        field: documentItem(type),
        label: DOCUMENT_LABELS[type],
        step: 'documents',
        old_value: was?.name ?? null,
        new_value: is?.name ?? null,
        changed_at: is?.uploaded_at ?? null,
        by: is?.uploaded_by ?? null,
        medical: false,
      });
    }
    return rows;
  }

  /** POST /api/students/{id}/reviewed: the office has seen her changes of the year (audited). */
  async reviewed(actor: SessionUser, studentId: string, year: number): Promise<{ year: number; reviewed_at: string }> {
    if (year > (await this.year.current())) throw new UnprocessableEntityException(ROUND_MESSAGES.badYear);
    if (!(await this.students.exists(studentId))) throw new NotFoundException(MESSAGES.notFound);
    const reviewedAt = nowIso();
    await this.tx.write(async (m) => {
      await this.rounds.setReview(
        { student_id: studentId, year, reviewed_at: reviewedAt, reviewed_by: actorLabel(actor) },
        m,
      );
      await this.audit.record(
        actor,
        {
          action: 'registration-round.reviewed',
          entity: 'student',
          entity_id: studentId,
          field: 'year',
          new_value: year,
        },
        m,
      );
    });
    return { year, reviewed_at: reviewedAt };
  }

  /** Each student's round at a glance, for the office's lists (this school year). */
  async summaries(
    rows: readonly { id: string; agree_terms_conditions: number | null }[],
  ): Promise<Map<string, StudentRoundSummary>> {
    const year = await this.year.current();
    const ids = rows.map((r) => r.id);
    const returning = await this.rounds.archivedAmong(ids, year - 1);
    const marksBy = new Map<string, { item: string; state: 'confirmed' | 'changed'; at: string }[]>();
    for (const mark of await this.rounds.marksOf([...returning], year)) {
      const list = marksBy.get(mark.student_id) ?? [];
      list.push(mark);
      marksBy.set(mark.student_id, list);
    }
    const reviews = new Map(
      (await this.rounds.reviewsOf([...returning], year)).map((r) => [r.student_id, r.reviewed_at]),
    );
    const out = new Map<string, StudentRoundSummary>();
    for (const row of rows) {
      if (!returning.has(row.id)) {
        out.set(row.id, { returning: false, standing: null, changes: null });
        continue;
      }
      const summary = roundSummary(
        toMarks(marksBy.get(row.id) ?? []),
        row.agree_terms_conditions === 1,
        reviews.get(row.id) ?? null,
      );
      out.set(row.id, { returning: true, ...summary });
    }
    return out;
  }

  /**
   * The data steps each returning student has still to confirm this year (a reminder names them); students who are
   * not returning, or have confirmed every step, are not in the answer.
   */
  async stepsToConfirm(studentIds: readonly string[], m?: EntityManager): Promise<Map<string, DataStep[]>> {
    const year = await this.year.current(m);
    const returning = [...(await this.rounds.archivedAmong(studentIds, year - 1, m))];
    const done = new Map<string, Set<string>>();
    for (const mark of await this.rounds.marksOf(returning, year, m))
      done.set(mark.student_id, (done.get(mark.student_id) ?? new Set()).add(mark.item));
    const out = new Map<string, DataStep[]>();
    for (const id of returning) {
      const left = DATA_STEPS.filter((s) => !done.get(id)?.has(s));
      if (left.length > 0) out.set(id, left);
    }
    return out;
  }

  /** The office's year list: each kept year of her registration. */
  async archivedForms(studentId: string): Promise<ArchivedForm[]> {
    if (!(await this.students.exists(studentId))) throw new NotFoundException(MESSAGES.notFound);
    return (await this.rounds.archivesOf(studentId)).map((a) => ({
      year: a.year,
      archived_at: a.archived_at,
      sha256: a.pdf_sha256,
    }));
  }

  /** A kept year's registration: the answers and documents as they stood, and its PDF once made. */
  async archive(studentId: string, year: number): Promise<RegistrationArchive | null> {
    return this.rounds.archive(studentId, year);
  }

  /** The kept answers as a record the form can be drawn from, and the documents she had. */
  keptRecord(archive: RegistrationArchive): { record: StudentRow; documents: KeptDocument[] } {
    return {
      record: JSON.parse(archive.answers) as StudentRow,
      documents: JSON.parse(archive.documents) as KeptDocument[],
    };
  }

  /** The kept year's PDF, if made (its bytes checked against the SHA-256 kept beside them). */
  async keptPdf(archive: RegistrationArchive): Promise<Buffer | null> {
    if (!archive.pdf_stored_name) return null;
    const bytes = await this.pdfs.read(archive.pdf_stored_name);
    if (createHash('sha256').update(bytes).digest('hex') !== archive.pdf_sha256)
      throw new Error(`kept registration form ${archive.student_id}/${archive.year} does not match its SHA-256`);
    return bytes;
  }

  /**
   * Keeps the year's PDF, made once from the kept answers: the first one kept stays (never replaced); answers the one
   * kept.
   */
  async keepPdf(archive: RegistrationArchive, pdf: Buffer): Promise<Buffer> {
    const storedName = await this.pdfs.put(pdf);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    // A write of its own (on SQLite, queued behind any other), so that it never joins another request's transaction.
    // Bytes no row names are removed, here or, when even that fails, by the sweep (StorageSweep). A commit that failed
    // after the database had made it (a dropped connection at COMMIT) would leave the row naming removed bytes: the
    // same trade-off as an upload's (FilesService), and the next request for the form fails rather than lies.
    let set = false;
    try {
      set = await this.tx.write((m) => this.rounds.setPdf(archive.student_id, archive.year, { storedName, sha256 }, m));
    } finally {
      // Not recorded (another request's PDF was kept first, or the write failed): these bytes are no row's.
      if (!set) await this.pdfs.remove(storedName).catch(() => undefined);
    }
    if (set) return pdf;
    const kept = await this.rounds.archive(archive.student_id, archive.year);
    return (kept && (await this.keptPdf(kept))) ?? pdf;
  }

  /**
   * The year closes (the rollover, in its transaction): each current student's registration is kept as it stands, and
   * for those who return (promoted or repeating) last year's agreement to the terms stops counting.
   */
  async closeYear(
    actor: SessionUser | null,
    year: number,
    students: { all: readonly string[]; returning: readonly string[] },
    m: EntityManager,
  ): Promise<void> {
    const rows = await this.students.rowsOf({ ids: students.all }, m);
    const files = await this.files.currentRefsByStudent(students.all, m);
    const at = nowIso();
    await this.rounds.insertArchives(
      rows.map((row) => ({
        student_id: row.id,
        year,
        answers: JSON.stringify(Object.fromEntries(KEPT_COLUMNS.map((c) => [c, row[c as keyof StudentRow] ?? null]))),
        documents: JSON.stringify(
          (files.get(row.id) ?? []).map((f): KeptDocument => ({ type: f.type, file_id: f.id, name: f.name })),
        ),
        archived_at: at,
        pdf_stored_name: null,
        pdf_sha256: null,
      })),
      m,
    );
    await this.terms.expireForNewYear(actor, students.returning, m);
  }

  /**
   * The rollover is undone (in its transaction): the year it closed is open again. Each agreement it set aside is put
   * back as the kept year holds it; the kept year's rows go (the PDFs' bytes once the undo commits: answered).
   */
  async reopenYear(
    actor: SessionUser,
    years: { closed: number; next: number },
    studentIds: readonly string[],
    m: EntityManager,
  ): Promise<string[]> {
    const removed = await this.rounds.removeArchives(years.closed, studentIds, m);
    const now = new Map(
      (
        await this.students.list(['agree_terms_conditions', 'terms_version', 'terms_agreed_at'], { ids: studentIds }, m)
      ).map((s) => [s.id, s]),
    );
    const kept: KeptAgreement[] = [];
    for (const archive of removed) {
      const answers = JSON.parse(archive.answers) as Partial<StudentRow>;
      const was = now.get(archive.student_id);
      const keptStamp = [
        answers.agree_terms_conditions ?? 0,
        answers.terms_version ?? null,
        answers.terms_agreed_at ?? null,
      ];
      const nowStamp = was ? [was.agree_terms_conditions, was.terms_version, was.terms_agreed_at] : [];
      if (!was || keptStamp.every((v, n) => v === nowStamp[n])) continue;
      kept.push({
        studentId: archive.student_id,
        agree_terms_conditions: answers.agree_terms_conditions ?? 0,
        terms_version: answers.terms_version ?? null,
        terms_agreed_at: answers.terms_agreed_at ?? null,
      });
    }
    await this.terms.restoreAfterUndo(actor, kept, m);
    await this.rounds.removeMarks(years.next, studentIds, m);
    return removed.flatMap((a) => (a.pdf_stored_name ? [a.pdf_stored_name] : []));
  }

  /** Removes kept PDFs' bytes once what named them is gone (after the undo or the deletion commits). */
  async removePdfs(storedNames: readonly string[]): Promise<void> {
    for (const name of storedNames) await this.pdfs.remove(name).catch(() => undefined);
  }

  /** Her personal data is deleted (docs/product.md §12.4), in the caller's transaction. */
  scrub(studentIds: readonly string[], m: EntityManager): Promise<{ storedNames: string[]; tables: string[] }> {
    return this.rounds.scrub(studentIds, m);
  }
}
