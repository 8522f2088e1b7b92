import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import { type ReportCardTerm, TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';
import type { SessionUser } from '../common/session-user.js';
import { type StudentPick, StudentsRepository } from '../students/students.repository.js';
import type { TermReport } from './entities/term-report.entity.js';
import { PostingsService, reportKey } from './postings.service.js';
import { TermReportsRepository } from './term-reports.repository.js';

export interface ReportCardLine {
  subject: string;
  mark: number | null;
  grade: string | null;
  /** the mean mark of the class in this subject that term, one decimal; null when nobody has a mark */
  class_average: number | null;
  comment: string | null;
  teacher: string | null;
}

/** Everything a report card prints. Averages are computed here, never taken from the file. */
export interface ReportCardData {
  student_id: string;
  student_name: string;
  class_id: string;
  form_level: number;
  year: number;
  term: number;
  lines: ReportCardLine[];
  /** the mean of her marks, one decimal; null without marks */
  overall_average: number | null;
  /** how many students of her class have a report that term */
  class_size: number;
  days_absent: number | null;
  times_late: number | null;
  conduct: string | null;
  form_teacher_remarks: string | null;
  principal_remarks: string | null;
  next_term_begins: string | null;
  posted: boolean;
  date_posted: string | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (tenths: number[]) =>
  tenths.length ? round1(tenths.reduce((a, b) => a + b, 0) / tenths.length / 10) : null;
const subjectKey = (s: string) => s.trim().toLowerCase();

/** Who may read which report (docs/product.md §6: students their own posted reports only) and what the card shows. */
@Injectable()
export class ReportCardsService {
  constructor(
    private readonly reports: TermReportsRepository,
    private readonly students: StudentsRepository,
    private readonly postings: PostingsService,
  ) {}

  /** GET /api/report-card-terms/{userId}: her terms, newest first, posted or not. */
  async terms(studentId: string): Promise<ReportCardTerm[]> {
    if (!(await this.students.exists(studentId))) throw new NotFoundException(MESSAGES.notFound);
    const reports = await this.reports.ofStudent(studentId);
    const seen = await this.postings.visibility(reports);
    return reports.map((r) => {
      const v = seen.get(reportKey(r));
      return {
        year: r.year,
        term: r.term,
        posted: v?.visible ? 1 : 0,
        date_posted: v?.date_posted ?? '',
        form_level: r.form_level,
        class_id: r.class_id,
      };
    });
  }

  /** One card; a student may open only her own (checked by the guard) and only once posted. */
  async card(studentId: string, year: number, term: number, user: SessionUser): Promise<ReportCardData> {
    const report = await this.reports.findOne(studentId, year, term);
    if (!report) throw new NotFoundException(MESSAGES.notFound);
    const seen = await this.postings.visibility([report]);
    if (user.role !== 'admin' && !seen.get(reportKey(report))?.visible)
      throw new ForbiddenException(TERM_REPORT_MESSAGES.notPostedYet);
    const [card] = await this.cards([report], seen);
    return card;
  }

  /** Every card of one class for one term, by name (admins, for printing). */
  async classCards(classId: string, year: number, term: number): Promise<ReportCardData[]> {
    const reports = await this.reports.ofTerm(year, term, classId);
    if (reports.length === 0) throw new NotFoundException(TERM_REPORT_MESSAGES.noReportData);
    const cards = await this.cards(reports);
    return cards.sort(
      (a, b) => a.student_name.localeCompare(b.student_name) || a.student_id.localeCompare(b.student_id),
    );
  }

  /** Cards for reports of one year and term; class averages are computed once per class. */
  private async cards(
    reports: TermReport[],
    visibility?: Awaited<ReturnType<PostingsService['visibility']>>,
  ): Promise<ReportCardData[]> {
    const { year, term } = reports[0];
    const seen = visibility ?? (await this.postings.visibility(reports));
    const averages = new Map<string, { bySubject: Map<string, number | null>; size: number }>();
    for (const classId of new Set(reports.map((r) => r.class_id)))
      averages.set(classId, await this.classAverages(classId, year, term));
    const lines = await this.reports.linesOf(reports.map((r) => r.id));
    const students = new Map<string, StudentPick<'first_name' | 'middle_name' | 'last_name'>>();
    for (const s of await this.students.list(['first_name', 'middle_name', 'last_name'], {
      ids: reports.map((r) => r.student_id),
    }))
      students.set(s.id, s);
    return reports.map((r) => {
      const own = lines.get(r.id) ?? [];
      const avg = averages.get(r.class_id)!;
      const s = students.get(r.student_id);
      return {
        student_id: r.student_id,
        student_name: [s?.first_name, s?.middle_name, s?.last_name].filter((x) => x && x.trim()).join(' '),
        class_id: r.class_id,
        form_level: r.form_level,
        year: r.year,
        term: r.term,
        lines: own.map((l) => ({
          subject: l.subject,
          mark: l.mark_tenths === null ? null : l.mark_tenths / 10,
          grade: l.grade,
          class_average: avg.bySubject.get(subjectKey(l.subject)) ?? null,
          comment: l.comment,
          teacher: l.teacher,
        })),
        overall_average: mean(own.map((l) => l.mark_tenths).filter((m): m is number => m !== null)),
        class_size: avg.size,
        days_absent: r.days_absent,
        times_late: r.times_late,
        conduct: r.conduct,
        form_teacher_remarks: r.form_teacher_remarks,
        principal_remarks: r.principal_remarks,
        next_term_begins: r.next_term_begins,
        posted: !!seen.get(reportKey(r))?.visible,
        date_posted: seen.get(reportKey(r))?.date_posted || null,
      };
    });
  }

  /** The class's mean mark per subject that term (subjects compared without case). */
  private async classAverages(
    classId: string,
    year: number,
    term: number,
  ): Promise<{ bySubject: Map<string, number | null>; size: number }> {
    const rows = await this.reports.classMarks(classId, year, term);
    const size = await this.reports.countOfClass(classId, year, term);
    const marks = new Map<string, number[]>();
    for (const r of rows) {
      const key = subjectKey(r.subject);
      if (!marks.has(key)) marks.set(key, []);
      if (r.mark_tenths !== null) marks.get(key)!.push(Number(r.mark_tenths));
    }
    return { bySubject: new Map([...marks].map(([k, v]) => [k, mean(v)])), size };
  }
}
