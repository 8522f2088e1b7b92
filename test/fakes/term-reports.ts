import type { EntityManager } from 'typeorm';
import type { AuditEvent, AuditService } from '../../server/audit/audit.service.js';
import type { SessionUser } from '../../server/common/session-user.js';
import type { AppConfig } from '../../server/config/app-config.js';
import { Clock } from '../../server/config/clock.js';
import type { FamilyMail } from '../../server/mail/family-mail.js';
import type { OutboxService } from '../../server/mail/outbox.service.js';
import type { StudentsRepository } from '../../server/students/students.repository.js';
import type {
  TermReport,
  TermReportClassPosting,
  TermReportHoldRow,
  TermReportLine,
  TermReportPosting,
} from '../../server/term-reports/entities/term-report.entity.js';
import type { HoldKey, HoldsRepository } from '../../server/term-reports/holds.repository.js';
import type { NewTermReportPosting, PostingsRepository } from '../../server/term-reports/postings.repository.js';
import type {
  ClassMark,
  NewTermReport,
  NewTermReportLine,
  TermReportChanges,
  TermReportsRepository,
} from '../../server/term-reports/term-reports.repository.js';

// In-memory owners of the term-report tables and fakes of the services around them, for unit specs that build
// the term-report services with `new` (no app, no database). Each fake keeps the rows a spec can look at.

/** The public methods of a class (its private fields left out), for a fake that must keep the same signatures. */
type Shape<T> = Pick<T, keyof T>;

const copy = <T>(row: T): T => ({ ...row });

/** The term reports and their lines, kept in arrays; ids are given in order as the database would. */
export class FakeTermReports implements Shape<TermReportsRepository> {
  reports: TermReport[] = [];
  lines: TermReportLine[] = [];
  /** how many writes (inserts, updates, deletes) reached the tables */
  writes = 0;
  private nextId = 1;
  private nextLineId = 1;

  /** Adds a report as the import or the seeds would have left it; answers it. */
  add(row: Partial<TermReport> & Pick<TermReport, 'student_id' | 'year' | 'term' | 'class_id'>): TermReport {
    const report: TermReport = {
      id: this.nextId++,
      form_level: Number(row.class_id.charAt(0)),
      days_absent: null,
      times_late: null,
      conduct: null,
      form_teacher_remarks: null,
      principal_remarks: null,
      next_term_begins: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...row,
    };
    this.reports.push(report);
    return report;
  }

  linesOfReport(id: number): TermReportLine[] {
    return this.lines.filter((l) => l.term_report_id === id).sort((a, b) => a.position - b.position);
  }

  async termsAndClasses() {
    const seen = new Map<string, { year: number; term: number; class_id: string }>();
    for (const r of this.reports) seen.set(`${r.year}|${r.term}|${r.class_id}`, r);
    return [...seen.values()].map(({ year, term, class_id }) => ({ year, term, class_id }));
  }

  async termHasReports(year: number, term: number, _m?: EntityManager) {
    return this.reports.some((r) => r.year === year && r.term === term);
  }

  // Compared without case, as MariaDB does, so that a spec sees the services use the spelling answered.
  async classAsSpelt(year: number, term: number, classId: string, _m?: EntityManager) {
    const r = this.reports.find(
      (x) => x.year === year && x.term === term && x.class_id.toLowerCase() === classId.toLowerCase(),
    );
    return r?.class_id ?? null;
  }

  async studentAsSpelt(studentId: string, year: number, term: number) {
    const r = this.reports.find(
      (x) => x.student_id.toLowerCase() === studentId.toLowerCase() && x.year === year && x.term === term,
    );
    return r?.student_id ?? null;
  }

  async findOne(studentId: string, year: number, term: number) {
    const r = this.reports.find((x) => x.student_id === studentId && x.year === year && x.term === term);
    return r ? copy(r) : null;
  }

  async ofStudent(studentId: string) {
    return this.reports
      .filter((r) => r.student_id === studentId)
      .sort((a, b) => b.year - a.year || b.term - a.term)
      .map(copy);
  }

  async ofTerm(year: number, term: number, classId?: string, _m?: EntityManager) {
    return this.reports
      .filter((r) => r.year === year && r.term === term && (classId === undefined || r.class_id === classId))
      .map(copy);
  }

  async countOfClass(classId: string, year: number, term: number) {
    return (await this.ofTerm(year, term, classId)).length;
  }

  async ofStudents(studentIds: string[], _m?: EntityManager) {
    return this.reports.filter((r) => studentIds.includes(r.student_id)).map(copy);
  }

  async classesOf(studentIds: string[]) {
    return (await this.ofStudents(studentIds)).map(({ student_id, year, term, class_id }) => ({
      student_id,
      year,
      term,
      class_id,
    }));
  }

  async insert(rows: NewTermReport[], _m?: EntityManager) {
    this.writes++;
    for (const row of rows) {
      if (this.reports.some((r) => r.student_id === row.student_id && r.year === row.year && r.term === row.term))
        throw new Error('UNIQUE constraint failed: term_reports.student_id, term_reports.year, term_reports.term');
      this.add({ class_id: '', ...row } as TermReport);
    }
  }

  async update(id: number, changes: TermReportChanges, _m?: EntityManager) {
    this.writes++;
    Object.assign(
      this.reports.find((r) => r.id === id)!,
      changes,
    );
  }

  async insertOne(row: NewTermReport, m?: EntityManager) {
    await this.insert([row], m);
    return this.reports[this.reports.length - 1].id;
  }

  async insertMany(rows: NewTermReport[], year: number, term: number, m?: EntityManager) {
    await this.insert(rows, m);
    return this.reports
      .filter((r) => r.year === year && r.term === term)
      .map(({ id, student_id }) => ({ id, student_id }));
  }

  async linesOf(reportIds: number[], _m?: EntityManager) {
    const out = new Map<number, TermReportLine[]>();
    for (const id of reportIds) {
      const own = this.linesOfReport(id);
      if (own.length) out.set(id, own.map(copy));
    }
    return out;
  }

  async classMarks(classId: string, year: number, term: number): Promise<ClassMark[]> {
    const ids = new Set((await this.ofTerm(year, term, classId)).map((r) => r.id));
    return this.lines
      .filter((l) => ids.has(l.term_report_id))
      .map((l) => ({ subject: l.subject, mark_tenths: l.mark_tenths }));
  }

  async deleteLinesOf(reportIds: number[], _m?: EntityManager) {
    this.writes++;
    this.lines = this.lines.filter((l) => !reportIds.includes(l.term_report_id));
  }

  async insertLines(rows: NewTermReportLine[], _m?: EntityManager) {
    if (rows.length === 0) return;
    this.writes++;
    for (const row of rows) this.lines.push({ id: this.nextLineId++, ...row } as TermReportLine);
  }

  insertLinesInBulk(rows: NewTermReportLine[], m?: EntityManager) {
    return this.insertLines(rows, m);
  }
}

/** The term postings and the classes' own postings, with the conditional claim of an announcement. */
export class FakePostings implements Shape<PostingsRepository> {
  terms: TermReportPosting[] = [];
  classes: TermReportClassPosting[] = [];

  termPosting(year: number, term: number, _m?: EntityManager) {
    const p = this.terms.find((x) => x.year === year && x.term === term);
    return Promise.resolve(p ? copy(p) : null);
  }

  classPosting(year: number, term: number, classId: string, _m?: EntityManager) {
    const p = this.classes.find((x) => x.year === year && x.term === term && x.class_id === classId);
    return Promise.resolve(p ? copy(p) : null);
  }

  async termPostings(years?: number[], _m?: EntityManager) {
    return this.terms.filter((p) => !years || years.includes(p.year)).map(copy);
  }

  async classPostings(years?: number[], _m?: EntityManager) {
    return this.classes.filter((p) => !years || years.includes(p.year)).map(copy);
  }

  async classPostingsOf(year: number, term: number, _m?: EntityManager) {
    return this.classes.filter((p) => p.year === year && p.term === term).map(copy);
  }

  async deleteClassPostings(year: number, term: number, classIds: string[], _m: EntityManager) {
    this.classes = this.classes.filter((p) => !(p.year === year && p.term === term && classIds.includes(p.class_id)));
  }

  async saveTermPosting(row: TermReportPosting, _m: EntityManager) {
    this.terms = [...this.terms.filter((p) => !(p.year === row.year && p.term === row.term)), copy(row)];
  }

  async saveClassPosting(row: TermReportClassPosting, _m: EntityManager) {
    this.classes = [
      ...this.classes.filter((p) => !(p.year === row.year && p.term === row.term && p.class_id === row.class_id)),
      copy(row),
    ];
  }

  async claimNotice(p: { year: number; term: number; class_id?: string }, now: string, _m: EntityManager) {
    const row =
      p.class_id !== undefined
        ? this.classes.find((x) => x.year === p.year && x.term === p.term && x.class_id === p.class_id)
        : this.terms.find((x) => x.year === p.year && x.term === p.term);
    if (!row || row.notified_at !== null || row.posted !== 1 || (row.release_at !== null && row.release_at > now))
      return false;
    row.notified_at = now;
    return true;
  }

  async insertTermPostings(rows: NewTermReportPosting[], _m?: EntityManager) {
    for (const row of rows)
      this.terms.push({ posted: 0, date_posted: null, release_at: null, notified_at: null, updated_at: '', ...row });
  }
}

/** The holds, in the order they were made. */
export class FakeHolds implements Shape<HoldsRepository> {
  rows: TermReportHoldRow[] = [];

  async all() {
    return [...this.rows].sort((a, b) => a.held_at.localeCompare(b.held_at)).map(copy);
  }

  async ofStudents(studentIds: string[], _m?: EntityManager) {
    return this.rows.filter((h) => studentIds.includes(h.student_id)).map(copy);
  }

  async save(row: TermReportHoldRow, _m: EntityManager) {
    const same = (h: HoldKey) => h.student_id === row.student_id && h.year === row.year && h.term === row.term;
    this.rows = [...this.rows.filter((h) => !same(h)), copy(row)];
  }

  async delete(key: HoldKey, _m: EntityManager) {
    const before = this.rows.length;
    this.rows = this.rows.filter(
      (h) => !(h.student_id === key.student_id && h.year === key.year && h.term === key.term),
    );
    return this.rows.length < before;
  }

  async deleteAllOf(studentIds: readonly string[], _m: EntityManager) {
    this.rows = this.rows.filter((h) => !studentIds.includes(h.student_id));
  }
}

/** The audit trail: the events recorded, each with whether it was given the caller's transaction. */
export function fakeAudit() {
  const events: (AuditEvent & { inTransaction: boolean })[] = [];
  const audit = {
    events,
    async record(_actor: SessionUser | null, e: AuditEvent | AuditEvent[], manager?: EntityManager) {
      for (const one of Array.isArray(e) ? e : [e]) events.push({ ...one, inTransaction: manager !== undefined });
    },
  };
  return audit as unknown as AuditService & { events: typeof events };
}

/** Students by ID with a name and a class; `list` and `exists` as StudentsRepository answers them. */
export function fakeStudents(
  rows: { id: string; first_name?: string; last_name?: string; middle_name?: string; class_id?: string | null }[],
) {
  const students = {
    rows,
    async list(_columns: readonly string[], options: { ids?: string[] } = {}) {
      return rows
        .filter((s) => !options.ids || options.ids.includes(s.id))
        .map((s) => ({ first_name: null, last_name: null, middle_name: null, class_id: null, ...s }));
    },
    async exists(id: string) {
      return rows.some((s) => s.id === id);
    },
  };
  return students as unknown as StudentsRepository & { rows: typeof rows };
}

/** The families' report-card notices: one entry per call, with the students told. */
export function fakeFamilyMail() {
  const told: { studentIds: string[]; year: number; term: number }[] = [];
  const mail = {
    told,
    async reportCardsReady(studentIds: string[], year: number, term: number, _m: EntityManager) {
      told.push({ studentIds: [...studentIds].sort(), year, term });
      return studentIds.length;
    },
  };
  return mail as unknown as FamilyMail & { told: typeof told };
}

/** The outbox, counting how often the sender was woken. */
export function fakeOutbox() {
  const outbox = {
    wakes: 0,
    wake() {
      outbox.wakes++;
    },
  };
  return outbox as unknown as OutboxService & { wakes: number };
}

/** A clock standing at `iso` until moved with `advance(ms)` (the real Clock follows the system's). */
export function fixedClock(iso: string): Clock {
  let at = new Date(iso).getTime();
  const clock = new Clock();
  clock.now = () => new Date(at);
  clock.advance = (ms: number) => {
    at += ms;
  };
  return clock;
}

/** The configuration the term-report rules read: the school's time zone. */
export const TEST_CONFIG = { timeZone: 'America/Port_of_Spain' } as AppConfig;

export const ADMIN: SessionUser = {
  id: 1,
  role: 'admin',
  student_id: null,
  username: 'admin',
  display_name: 'Admin',
  password_reset: 0,
  email: null,
} as SessionUser;
