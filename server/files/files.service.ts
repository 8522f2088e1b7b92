import type { Readable } from 'node:stream';
import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, IsNull, type Repository } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { isFormerStatus } from '../../shared/school-year.js';
import {
  DOCUMENT_ORDER,
  type DocumentFile,
  type DocumentType,
  type DocumentVersion,
  type FileStorageUse,
  isDocumentType,
  MAX_UPLOAD_FILES,
  type SourceFile,
  type StoreFileResponse,
  type StudentDataFiles,
  UPLOAD_MESSAGES,
  type UploadLimits,
  uploadLimitsFor,
} from '../../shared/documents.js';
import { AuditService } from '../audit/audit.service.js';
import { actorLabel } from '../../shared/api-types.js';
import { chunks } from '../common/chunks.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isSqlite, writeTransaction } from '../database/write-transaction.js';
import { StudentAccess } from '../guardian-links/student-access.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { RecordChangeHooks } from '../students/record-change-hooks.js';
import { StudentsRepository } from '../students/students.repository.js';
import { StudentFile } from './entities/student-file.entity.js';
import { MIME_OF } from './file-content.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';
import { prepareUpload, sha256, type UploadedBytes } from './upload-content.js';

export type { UploadedBytes } from './upload-content.js';

/** A student's current file of one type, as a year's registration keeps it. */
export interface CurrentFileRef {
  id: number;
  type: DocumentType;
  name: string;
  uploaded_at: string;
  /** as the audit trail names the uploader, e.g. student:20260001 */
  uploaded_by: string;
}

function invalid(field: string, message: string): UnprocessableEntityException {
  return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
}

/**
 * Uploaded documents: checking, storing (every version kept), listing and reading back. Who may act
 * on which student is decided here too, because the multipart body (with the student id) is only
 * read after the guards have run.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    @InjectRepository(StudentFile) private readonly files: Repository<StudentFile>,
    private readonly students: StudentsRepository,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly window: RegistrationWindow,
    private readonly audit: AuditService,
    private readonly access: StudentAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hooks: RecordChangeHooks,
  ) {}

  /** GET /api/upload-limits */
  limits(): UploadLimits {
    return uploadLimitsFor(this.config.uploadMaxMb);
  }

  /**
   * POST /api/store-file with the files of one document in page order. Checks in this order: the caller
   * may act on the student (403), registration is open for students (403), a file was sent (422), not too
   * many nor too much together (413), the type slot exists and applies (422), every file's content is
   * what the slot takes (415, see prepareUpload), the file to store keeps the student within her storage
   * budget (UPLOAD_BUDGET_MB, every version counted: 422). Then the file to store is made (photos become a PDF),
   * its bytes stored (atomically, a new random name) and, in one transaction, the previous current file
   * of the type is marked replaced, the new one recorded with the received files' hashes and the upload
   * audited. When anything fails, the previous file stays the current one.
   */
  async store(
    user: SessionUser,
    studentId: string,
    fileType: string,
    uploads: UploadedBytes[],
  ): Promise<StoreFileResponse> {
    await this.access.assert(user, studentId);
    await this.window.assertMayEdit(user, studentId);
    if (uploads.length === 0) throw invalid('file', UPLOAD_MESSAGES.selectFile);
    const limits = this.limits();
    if (uploads.length > limits.max_files)
      throw new PayloadTooLargeException(UPLOAD_MESSAGES.tooManyFiles(MAX_UPLOAD_FILES));
    const total = uploads.reduce((sum, u) => sum + u.buffer.length, 0);
    if (total > limits.max_total_mb * 1024 * 1024)
      throw new PayloadTooLargeException(UPLOAD_MESSAGES.tooLargeTotal(limits.max_total_mb));
    if (!isDocumentType(fileType)) throw invalid('file_type', UPLOAD_MESSAGES.fileType);
    const student = await this.students.pick(studentId, ['immigration_permit']);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    if (fileType === 'immigration_permit' && student.immigration_permit !== 1)
      throw invalid('file_type', UPLOAD_MESSAGES.immigrationOff);

    const { bytes, kind, name, sources } = await prepareUpload(fileType, uploads);
    if ((await this.storedBytes(studentId)) + bytes.length > this.budgetBytes())
      throw invalid('file', UPLOAD_MESSAGES.overBudget(this.config.uploadBudgetMb));
    const digest = sha256(bytes);
    const storedName = await this.storage.put(bytes);
    let row: StudentFile;
    try {
      row = await writeTransaction(this.ds, async (m) => {
        // Read again with her row locked (as a save does): a rollover that made her former since the first check
        // wins, and the upload is refused as it would have been (docs/product.md §12.3).
        const standing = await this.students.pickForUpdate(studentId, ['status'], m);
        if (!standing) throw new NotFoundException(MESSAGES.notFound);
        if (isFormerStatus(standing.status)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
        const qb = m
          .createQueryBuilder(StudentFile, 'f')
          .where('f.student_id = :studentId AND f.file_type = :fileType AND f.replaced_at IS NULL', {
            studentId,
            fileType,
          });
        if (!isSqlite(this.ds)) qb.setLock('pessimistic_write');
        const previous = await qb.getMany();
        const at = nowIso();
        if (previous.length > 0)
          await m.update(StudentFile, { id: In(previous.map((p) => p.id)) }, { replaced_at: at });
        const inserted = m.create(StudentFile, {
          student_id: studentId,
          file_type: fileType,
          original_name: name,
          stored_name: storedName,
          mime: MIME_OF[kind],
          size: bytes.length,
          sha256: digest,
          sources: JSON.stringify(sources),
          uploaded_by_user_id: user.id,
          uploaded_by: actorLabel(user),
          created_at: at,
          replaced_at: null,
        });
        await m.save(inserted);
        await this.audit.record(
          user,
          {
            action: previous.length > 0 ? 'file.replaced' : 'file.uploaded',
            entity: 'student',
            entity_id: studentId,
            field: fileType,
            old_value:
              previous.length > 0 ? previous.map((p) => ({ id: p.id, name: p.original_name, sha256: p.sha256 })) : null,
            new_value: {
              id: inserted.id,
              name,
              size: bytes.length,
              sha256: digest,
              sources: sources.map((s) => ({ name: s.name, sha256: s.sha256 })),
            },
          },
          m,
        );
        await this.hooks.changed(user, { kind: 'document', studentId, type: fileType }, m);
        return inserted;
      });
    } catch (e) {
      await this.storage.remove(storedName).catch(() => undefined);
      throw e;
    }
    this.logger.log({
      msg: 'file stored',
      student_id: studentId,
      file_type: fileType,
      size: row.size,
      parts: sources.length,
      by: row.uploaded_by,
    });
    return { message: UPLOAD_MESSAGES.uploaded(name), file: toDocumentFile(row) };
  }

  /**
   * A seeded school's documents (the demo school, the load-test school of seed:school): each file's bytes stored, then
   * its record written in the caller's transaction, as uploaded by the student herself at `at`. Answers how many.
   */
  async storeSeeded(
    files: readonly {
      student_id: string;
      file_type: DocumentType;
      name: string;
      mime: DocumentFile['mime'];
      bytes: Buffer;
    }[],
    at: string,
    m: EntityManager,
  ): Promise<number> {
    const rows: Partial<StudentFile>[] = [];
    for (const f of files)
      rows.push({
        student_id: f.student_id,
        file_type: f.file_type,
        original_name: f.name,
        stored_name: await this.storage.put(f.bytes),
        mime: f.mime,
        size: f.bytes.length,
        sha256: sha256(f.bytes),
        uploaded_by_user_id: null,
        uploaded_by: `student:${f.student_id}`,
        created_at: at,
        replaced_at: null,
      });
    await this.insertRecords(rows, m);
    return rows.length;
  }

  /** File records written in bulk inside the caller's transaction, their bytes already stored. */
  async insertRecords(rows: Partial<StudentFile>[], m: EntityManager): Promise<void> {
    for (let i = 0; i < rows.length; i += 300)
      await m
        .createQueryBuilder()
        .insert()
        .into(StudentFile)
        .values(rows.slice(i, i + 300))
        .updateEntity(false)
        .execute();
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): every version of every document of these students loses its
   * record here, in the caller's transaction. Answers the stored names, whose bytes the caller removes once the
   * transaction has committed (removeStored), and the table it changed.
   */
  async deleteAllOf(
    studentIds: readonly string[],
    m: EntityManager,
  ): Promise<{ storedNames: string[]; tables: string[] }> {
    const storedNames: string[] = [];
    for (let n = 0; n < studentIds.length; n += 500) {
      const where = { student_id: In(studentIds.slice(n, n + 500)) };
      const rows = await m.find(StudentFile, { select: { id: true, stored_name: true }, where });
      storedNames.push(...rows.map((r) => r.stored_name));
      await m.delete(StudentFile, where);
    }
    return { storedNames, tables: ['student_files'] };
  }

  /**
   * Removes the bytes of deleted records from the storage. One that cannot be removed now (a disk error) is logged and
   * left to the storage sweep, which removes every stored file no record names (StorageSweep).
   */
  async removeStored(storedNames: readonly string[]): Promise<void> {
    for (const name of storedNames) {
      try {
        await this.storage.remove(name);
      } catch (e) {
        this.logger.error({ msg: 'cannot remove a deleted file; the storage sweep will', error: (e as Error).message });
      }
    }
  }

  /** The stored name of every file record, replaced ones included (the storage sweep keeps their bytes). */
  async storedNames(): Promise<string[]> {
    const rows = await this.files
      .createQueryBuilder('f')
      .select('f.stored_name', 'name')
      .getRawMany<{ name: string }>();
    return rows.map((r) => r.name);
  }

  /** GET /api/get-files/{studentId}: the current file of each type, in the step's order. */
  async currentFiles(studentId: string): Promise<DocumentFile[]> {
    await this.assertStudentExists(studentId);
    const rows = await this.files.find({
      where: { student_id: studentId, replaced_at: IsNull() },
      order: { id: 'ASC' },
    });
    return sortByType(rows).map(toDocumentFile);
  }

  /** GET /api/file-versions/{studentId} (admin): every version, newest first. */
  async versions(studentId: string): Promise<DocumentVersion[]> {
    await this.assertStudentExists(studentId);
    const rows = await this.files.find({ where: { student_id: studentId }, order: { id: 'DESC' } });
    return rows.map((r) => ({
      ...toDocumentFile(r),
      id: r.id,
      sha256: r.sha256,
      sources: r.sources ? (JSON.parse(r.sources) as SourceFile[]) : null,
      uploaded_by: r.uploaded_by,
      replaced_at: r.replaced_at,
    }));
  }

  /** GET /api/file-storage/{studentId} (admin): what her stored versions take, and her budget. */
  async storageUse(studentId: string): Promise<FileStorageUse> {
    await this.assertStudentExists(studentId);
    return { used_bytes: await this.storedBytes(studentId), budget_bytes: this.budgetBytes() };
  }

  private async storedBytes(studentId: string): Promise<number> {
    const row = await this.files
      .createQueryBuilder('f')
      .select('COALESCE(SUM(f.size), 0)', 'used')
      .where('f.student_id = :studentId', { studentId })
      .getRawOne<{ used: number | string }>();
    return Number(row?.used ?? 0);
  }

  private budgetBytes(): number {
    return this.config.uploadBudgetMb * 1024 * 1024;
  }

  /** The per-student record of current files (GET/POST /api/student-data-files). */
  async studentDataFiles(studentId: string): Promise<StudentDataFiles> {
    const current = await this.currentFiles(studentId);
    const record = { student_id: studentId, updated_at: null } as StudentDataFiles;
    for (const type of DOCUMENT_ORDER) record[type] = null;
    for (const file of current) {
      record[file.type] = file;
      if (!record.updated_at || file.uploaded_at > record.updated_at) record.updated_at = file.uploaded_at;
    }
    return record;
  }

  /** A stored version for GET /api/files/{id}: its owner or an administrator only. */
  async openForDownload(user: SessionUser, fileId: number): Promise<{ file: StudentFile; stream: Readable }> {
    const file = Number.isSafeInteger(fileId) ? await this.files.findOneBy({ id: fileId }) : null;
    if (!file) throw new NotFoundException(MESSAGES.notFound);
    await this.access.assert(user, file.student_id);
    try {
      return { file, stream: await this.storage.open(file.stored_name) };
    } catch (e) {
      this.logger.error({ msg: 'stored file missing', file_id: file.id, error: (e as Error).message });
      throw new NotFoundException(MESSAGES.notFound);
    }
  }

  /**
   * A student's current files with their stored bytes opened (subject-access export), in the step's
   * order. A file whose bytes are missing from the storage comes with `stream: null` (and is logged).
   */
  async openCurrentFiles(studentId: string): Promise<{ file: StudentFile; stream: Readable | null }[]> {
    const rows = sortByType(await this.files.findBy({ student_id: studentId, replaced_at: IsNull() }));
    const out: { file: StudentFile; stream: Readable | null }[] = [];
    for (const file of rows) {
      const stream = await this.storage.open(file.stored_name).catch((e: Error) => {
        this.logger.error({ msg: 'stored file missing', file_id: file.id, error: e.message });
        return null;
      });
      out.push({ file, stream });
    }
    return out;
  }

  /** The bytes of a student's current file of a type (the picture on the registration form), or null. */
  async currentBytes(studentId: string, type: DocumentType): Promise<Buffer | null> {
    const row = await this.files.findOne({
      where: { student_id: studentId, file_type: type, replaced_at: IsNull() },
      order: { id: 'DESC' },
    });
    if (!row) return null;
    return this.storage.read(row.stored_name).catch(() => null);
  }

  /** Some versions of a student's files, by id (a kept year's documents), in the step's order. */
  async versionsByIds(studentId: string, ids: readonly number[]): Promise<DocumentFile[]> {
    if (ids.length === 0) return [];
    return sortByType(await this.files.find({ where: { student_id: studentId, id: In([...ids]) } })).map(
      toDocumentFile,
    );
  }

  /** The bytes of one version of a student's file, or null. */
  async versionBytes(studentId: string, id: number): Promise<Buffer | null> {
    const row = await this.files.findOneBy({ student_id: studentId, id });
    return row ? this.storage.read(row.stored_name).catch(() => null) : null;
  }

  /**
   * For documents and reports: the current file types of many students at once, and the newest file
   * id of each (a change marker for caches). One query.
   */
  async currentTypesByStudent(
    studentIds?: readonly string[],
  ): Promise<Map<string, { types: Set<string>; latestId: number }>> {
    const qb = this.files
      .createQueryBuilder('f')
      .select(['f.id', 'f.student_id', 'f.file_type'])
      .where('f.replaced_at IS NULL');
    if (studentIds) {
      if (studentIds.length === 0) return new Map();
      qb.andWhere('f.student_id IN (:...ids)', { ids: studentIds });
    }
    const out = new Map<string, { types: Set<string>; latestId: number }>();
    for (const row of await qb.getMany()) {
      const entry = out.get(row.student_id) ?? { types: new Set<string>(), latestId: 0 };
      entry.types.add(row.file_type);
      entry.latestId = Math.max(entry.latestId, row.id);
      out.set(row.student_id, entry);
    }
    return out;
  }

  /**
   * The current file of each type of many students (id, type, name, when and by whom), in the caller's transaction
   * when given: what a year's registration kept (docs/product.md §13).
   */
  async currentRefsByStudent(studentIds: readonly string[], m?: EntityManager): Promise<Map<string, CurrentFileRef[]>> {
    const repo = m ? m.getRepository(StudentFile) : this.files;
    const out = new Map<string, CurrentFileRef[]>();
    for (const ids of chunks(studentIds, 500)) {
      const rows = await repo.find({
        select: {
          id: true,
          student_id: true,
          file_type: true,
          original_name: true,
          created_at: true,
          uploaded_by: true,
        },
        where: { student_id: In(ids), replaced_at: IsNull() },
        order: { id: 'ASC' },
      });
      for (const r of rows) {
        const list = out.get(r.student_id) ?? [];
        list.push({
          id: r.id,
          type: r.file_type as DocumentType,
          name: r.original_name,
          uploaded_at: r.created_at,
          uploaded_by: r.uploaded_by,
        });
        out.set(r.student_id, list);
      }
    }
    return out;
  }

  private async assertStudentExists(studentId: string): Promise<void> {
    if (!(await this.students.exists(studentId))) throw new NotFoundException(MESSAGES.notFound);
  }
}

function sortByType(rows: StudentFile[]): StudentFile[] {
  return [...rows].sort(
    (a, b) => DOCUMENT_ORDER.indexOf(a.file_type as DocumentType) - DOCUMENT_ORDER.indexOf(b.file_type as DocumentType),
  );
}

function toDocumentFile(r: StudentFile): DocumentFile {
  return {
    name: r.original_name,
    url: `/api/files/${r.id}`,
    type: r.file_type as DocumentType,
    mime: r.mime as DocumentFile['mime'],
    size: r.size,
    uploaded_at: r.created_at,
  };
}
