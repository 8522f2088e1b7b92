import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import type { DocumentFile, DocumentType } from '../../shared/documents.js';
import { registrationProgress } from '../../shared/registration-progress.js';
import { ROUND_MESSAGES } from '../../shared/registration-round.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { agreementView } from '../../shared/terms.js';
import { SharedCache } from '../cache/shared-cache.js';
import { formatLocalDateTime } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { pictureForPrint } from '../files/images.js';
import { LookupsService } from '../lookups/lookups.service.js';
import { PdfRenderer } from '../pdf/pdf-renderer.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { SchoolYearService } from '../school-year/school-year.service.js';
import { type StudentRow, StudentsRepository } from '../students/students.repository.js';
import { TermsService } from '../terms/terms.service.js';
import { PdfCache } from './pdf-cache.js';
import { registrationFormHtml } from './registration-form.template.js';
import { type ReportRow, registrationReportHtml } from './registration-report.template.js';

/** The columns the report and the progress rules read (not the long free texts they only test). */
const REPORT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'class_id',
  'date_of_birth',
  'sex',
  'birth_certificate_no',
  'home_address',
  'address_line_2',
  'place_of_birth',
  'nationality',
  'immigration_permit',
  'immigration_permit_no',
  'living_status',
  'mother_section',
  'father_section',
  'guardian_section',
  'mother_name',
  'father_name',
  'guardian_name',
  'mobile_phone_mother',
  'mother_phone_home',
  'mother_business_phone',
  'mobile_phone_father',
  'father_phone_home',
  'father_business_phone',
  'mobile_phone_guardian',
  'home_phone_guardian',
  'business_phone_guardian',
  'emergency_contact',
  'emergency_home_phone',
  'hepatitis',
  'polio',
  'diphtheria',
  'tetanus',
  'yellow_fever',
  'measles',
  'tb',
  'chicken_pox',
  'typhoid',
  'rheumatic_fever',
  'medical_history',
  'other_illness',
  'allergy',
  'device_type',
  'agree_terms_conditions',
] as const satisfies readonly (keyof StudentRow)[];

/** The SharedCache kind of a student's kept registration forms. */
const FORMS_KIND = 'registration-forms';

/** The generated documents: the registration form of one student and the registration report. */
@Injectable()
export class DocumentsService {
  private readonly cache = new PdfCache();
  /** The form render under way for a student, and which version of it (the cache key). */
  private readonly rendering = new Map<string, { key: string; pdf: Promise<Buffer> }>();

  constructor(
    private readonly students: StudentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pdf: PdfRenderer,
    private readonly files: FilesService,
    private readonly lookups: LookupsService,
    private readonly terms: TermsService,
    private readonly schoolYear: SchoolYearService,
    private readonly shared: SharedCache,
    private readonly rounds: RegistrationRoundService,
  ) {
    // A student's personal data was deleted (forgetStudents), on this instance or another: her forms go from memory.
    shared.onInvalidate(FORMS_KIND, (studentId) => this.cache.deletePrefix(`form:${studentId}:`));
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): every instance forgets the registration forms it keeps of
   * these students (published in the caller's transaction, so it applies with the deletion).
   */
  async forgetStudents(studentIds: readonly string[], m: EntityManager): Promise<void> {
    if (studentIds.length > 0)
      await this.shared.publish(
        studentIds.map((id) => `${FORMS_KIND}:${id}`),
        m,
      );
  }

  /**
   * GET /api/registration-form/{id}: served from the cache while the record, its files and the school's
   * terms are unchanged (the form prints the terms and whether she agreed to the current version).
   */
  async registrationForm(studentId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const student = await this.students.findRow(studentId);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    const [current, marker, terms, year] = await Promise.all([
      this.files.currentFiles(studentId),
      this.files.currentTypesByStudent([studentId]),
      this.terms.current(),
      this.schoolYear.current(),
    ]);
    const latestFile = marker.get(studentId)?.latestId ?? 0;
    // Her class and standing too: the rollover (docs/product.md §12.2) changes them and leaves updated_at as it was;
    // the school year the form says (a rollover or its undo makes it a new form); and whether her personal data was
    // deleted (§12.4): a form rendered from her old answers is never served after it.
    const standing = `${student.class_id ?? ''}:${student.status}:${student.scrubbed_at ?? ''}`;
    const key = `form:${studentId}:${student.updated_at}:${standing}:${latestFile}:${terms.version}:${year}`;
    const fileName = `Registration Form ${studentId}.pdf`;
    const cached = this.cache.get(key);
    if (cached) return { pdf: cached, fileName };
    const pdf = await this.oneAtATime(studentId, key, async () => {
      const made = await this.renderForm(student, current, terms, year);
      this.cache.deletePrefix(`form:${studentId}:`);
      this.cache.set(key, made);
      return made;
    });
    return { pdf, fileName };
  }

  /**
   * One render of a student's form at a time: calls for the same version share the render under way,
   * a call for a newer version waits for it. However often a form is asked for, it takes at most one of
   * the renderer's pages, so one student's slow form never holds the other students' (docs/product.md §5).
   */
  private async oneAtATime(studentId: string, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    for (let running = this.rendering.get(studentId); running; running = this.rendering.get(studentId)) {
      if (running.key === key) return running.pdf;
      await running.pdf.catch(() => undefined);
    }
    const pdf = render();
    this.rendering.set(studentId, { key, pdf });
    try {
      return await pdf;
    } finally {
      if (this.rendering.get(studentId)?.pdf === pdf) this.rendering.delete(studentId);
    }
  }

  /**
   * GET /api/registration-form/{id}?year=Y of a closed year (docs/product.md §13): the PDF kept of that year, made
   * once from the answers and documents kept when the year closed, then never changed (its SHA-256 kept beside it).
   */
  async archivedForm(studentId: string, year: number): Promise<{ pdf: Buffer; fileName: string }> {
    const archive = await this.rounds.archive(studentId, year);
    if (!archive) throw new NotFoundException(ROUND_MESSAGES.noKeptForm(year));
    const fileName = `Registration Form ${studentId} ${schoolYearLabel(year)}.pdf`;
    const kept = await this.rounds.keptPdf(archive);
    if (kept) return { pdf: kept, fileName };
    const pdf = await this.oneAtATime(studentId, `archive:${year}`, async () => {
      const { record, documents } = this.rounds.keptRecord(archive);
      const files = await this.files.versionsByIds(
        studentId,
        documents.map((d) => d.file_id),
      );
      const picture = documents.find((d) => d.type === 'picture');
      const made = await this.renderForm(record, files, await this.terms.current(), year, async () => {
        const bytes = picture ? await this.files.versionBytes(studentId, picture.file_id) : null;
        return bytes ? pictureForPrint(bytes) : null;
      });
      return this.rounds.keepPdf(archive, made);
    });
    return { pdf, fileName };
  }

  private async renderForm(
    student: StudentRow,
    current: DocumentFile[],
    terms: Awaited<ReturnType<TermsService['current']>>,
    schoolYear: number,
    pictureOf: () => Promise<Buffer | null> = () => this.pictureOf(student.id),
  ): Promise<Buffer> {
    const studentId = student.id;
    const agreement = agreementView(student, terms.version);
    const [houses, religions, ethnicGroups, picture, agreedTerms] = await Promise.all([
      this.lookups.listHouses(),
      this.lookups.listReligions(),
      this.lookups.listEthnicGroups(),
      current.some((f) => f.type === 'picture') ? pictureOf() : Promise.resolve(null),
      // the words she agreed to, when she agreed to an earlier version than the current one
      agreement.changedSince && agreement.version !== null
        ? this.terms.version(agreement.version)
        : Promise.resolve(null),
    ]);
    const htmlDoc = registrationFormHtml({
      schoolName: this.config.schoolName,
      schoolYear,
      record: student,
      names: {
        house: houses.find((h) => h.id === student.house_code)?.name ?? null,
        religion: religions.find((x) => x.code === student.religion_code)?.religion ?? null,
        ethnicGroup: ethnicGroups.find((x) => x.id === student.ethnic_group_code)?.group_type ?? null,
      },
      picture,
      files: new Map(current.map((f): [DocumentType, DocumentFile] => [f.type, f])),
      showLearningChallenges: this.config.showLearningChallenges,
      printedAt: this.printedAt(),
      progress: registrationProgress(
        student,
        current.map((f) => f.type),
      ),
      agreement: {
        ...agreement,
        currentVersion: terms.version,
        agreedAtLocal: agreement.agreedAt
          ? formatLocalDateTime(new Date(agreement.agreedAt), this.config.timeZone).slice(0, 16)
          : null,
      },
      terms: agreedTerms ?? terms,
    });
    return this.pdf.render(htmlDoc, {
      format: 'Legal',
      footer: `${this.config.schoolName} · Registration Form · ${studentId}`,
    });
  }

  /** GET /api/registration-report/all and /{classId}: every student (of the class), grouped by class. */
  async registrationReport(classId: string | null): Promise<{ pdf: Buffer; fileName: string }> {
    const classes = await this.lookups.listFormClasses();
    if (classId !== null && !classes.some((c) => c.class_id === classId))
      throw new NotFoundException(MESSAGES.notFound);
    // This year's registration: current students only (docs/product.md §12.3).
    const students = await this.students.list(REPORT_COLUMNS, {
      classId: classId ?? undefined,
      standing: 'current',
      order: { last_name: 'ASC', first_name: 'ASC', id: 'ASC' },
    });
    const documents = await this.files.currentTypesByStudent(classId === null ? undefined : students.map((s) => s.id));

    const byClass = new Map<string, ReportRow[]>();
    for (const s of students) {
      const types = documents.get(s.id)?.types ?? new Set<string>();
      const row: ReportRow = {
        id: s.id,
        first_name: s.first_name,
        last_name: s.last_name,
        class_id: s.class_id,
        date_of_birth: s.date_of_birth,
        progress: registrationProgress(s, types),
        documents: types,
      };
      const group = s.class_id ?? '';
      const rows = byClass.get(group);
      if (rows) rows.push(row);
      else byClass.set(group, [row]);
    }
    // Classes in the school's order (form level, then name); students without a known class last.
    const order = classes.map((c) => c.class_id);
    const groups = [...byClass.keys()].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
    const htmlDoc = registrationReportHtml({
      schoolName: this.config.schoolName,
      scope: classId === null ? 'All Students' : `Class ${classId}`,
      printedAt: this.printedAt(),
      classes: groups.map((g) => ({ classId: g || 'No class', rows: byClass.get(g)! })),
    });
    const scope = classId === null ? 'All Students' : `Class ${classId}`;
    const pdf = await this.pdf.render(htmlDoc, {
      format: 'Legal',
      landscape: true,
      margin: { top: '0.4in', right: '0.4in', left: '0.4in' },
      footer: `${this.config.schoolName} · Registration Report · ${scope}`,
      timeoutMs: 60_000,
      // 1,500 rows: untagged renders faster and is ~15 times smaller (the structure tree dominates)
      tagged: false,
    });
    return { pdf, fileName: classId === null ? 'Registration Report.pdf' : `Registration Report ${classId}.pdf` };
  }

  /** The current picture, as small as the form needs it (pictures stored before the size limit are shrunk). */
  private async pictureOf(studentId: string): Promise<Buffer | null> {
    const stored = await this.files.currentBytes(studentId, 'picture');
    return stored ? pictureForPrint(stored) : null;
  }

  private printedAt(): string {
    return formatLocalDateTime(new Date(), this.config.timeZone).slice(0, 16);
  }
}

function rank(order: string[], classId: string): number {
  const at = order.indexOf(classId);
  return at === -1 ? order.length + (classId === '' ? 1 : 0) : at;
}
