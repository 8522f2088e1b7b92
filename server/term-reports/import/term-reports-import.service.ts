import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formLevelOf } from '../../../shared/constants.js';
import type { ImportRowError } from '../../../shared/spreadsheet-import.js';
import { MARKS_SHEET, SUMMARY_SHEET } from '../../../shared/term-reports.js';
import { AuditService, type AuditEvent } from '../../audit/audit.service.js';
import { nowIso } from '../../common/time.js';
import type { SessionUser } from '../../common/session-user.js';
import { badLayout } from '../../common/spreadsheets/refusals.js';
import type { UploadedSheet } from '../../common/spreadsheets/sheet-upload.js';
import type { ImportCheck, SpreadsheetImporter } from '../../common/spreadsheets/spreadsheet-import.js';
import { StudentsRepository } from '../../students/students.repository.js';
import type { TermReport, TermReportLine } from '../entities/term-report.entity.js';
import { TermReportsRepository } from '../term-reports.repository.js';
import { keyOf, type MarkRow, parseMarkRow, parseSummaryRow, type SummaryRow } from './row-rules.js';
import { type ReadResult, readTermReportFile } from './sheet-reader.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { Transactions } from '../../database/transactions.js';
import { chunks } from '../../common/chunks.js';

/** One term report as the file describes it. */
interface Planned {
  student_id: string;
  year: number;
  term: number;
  class_id: string;
  marks: MarkRow[] | null;
  summary: SummaryRow | null;
  /** the first row naming this report, to point an error at */
  firstRow: { sheet: string; row: number };
}

interface TermReportCounts {
  created: number;
  updated: number;
  /** rows read, per sheet */
  rows: { marks: number; summary: number };
}

interface Checked extends ImportCheck<TermReportCounts> {
  planned: Planned[];
  studentIds: string[];
}

const SUMMARY_FIELDS = [
  'days_absent',
  'times_late',
  'conduct',
  'form_teacher_remarks',
  'principal_remarks',
  'next_term_begins',
] as const;

/** What the audit trail keeps of a term report: its class, summary and lines. */
function snapshot(
  report: Pick<TermReport, 'class_id' | (typeof SUMMARY_FIELDS)[number]>,
  lines: Pick<TermReportLine, 'subject' | 'mark_tenths' | 'grade' | 'comment' | 'teacher'>[],
) {
  return {
    class_id: report.class_id,
    ...Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, report[f]])),
    lines: lines.map((l) => ({
      subject: l.subject,
      mark: l.mark_tenths === null ? null : l.mark_tenths / 10,
      grade: l.grade,
      comment: l.comment,
      teacher: l.teacher,
    })),
  };
}

/**
 * POST /api/import-term-reports: validates every row of the file first and writes only a file without
 * errors, in one transaction. A student's term named in the Marks sheet gets exactly the file's lines
 * (a re-import replaces them); named in the Summary sheet it gets the file's summary.
 */
@Injectable()
export class TermReportsImportService implements SpreadsheetImporter<ReadResult, TermReportCounts, Checked> {
  constructor(
    private readonly tx: Transactions,
    private readonly reports: TermReportsRepository,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
  ) {}

  read(file: UploadedSheet): Promise<ReadResult> {
    return readTermReportFile(file.buffer, file.originalname);
  }

  async check(read: ReadResult): Promise<Checked> {
    const errors: ImportRowError[] = [...read.errors];
    const marks: MarkRow[] = [];
    const summaries: SummaryRow[] = [];
    const rows = { marks: 0, summary: 0 };
    for (const sheet of read.sheets) {
      for (const r of sheet.rows) {
        if (sheet.kind === MARKS_SHEET) {
          rows.marks++;
          const m = parseMarkRow(r, errors);
          if (m) marks.push(m);
        } else {
          rows.summary++;
          const s = parseSummaryRow(r, errors);
          if (s) summaries.push(s);
        }
      }
    }
    if (rows.marks + rows.summary === 0 && errors.length === 0)
      throw badLayout('The file has no rows to import below the column names.');

    const plan = new Map<string, Planned>();
    const seenSubjects = new Map<string, number>();
    for (const m of marks) {
      const subjectKey = `${keyOf(m)}|${m.subject.toLowerCase()}`;
      const earlier = seenSubjects.get(subjectKey);
      if (earlier !== undefined) {
        errors.push({
          sheet: MARKS_SHEET,
          row: m.row,
          field: 'subject',
          message: `${m.subject} for this student and term is already on row ${earlier}.`,
        });
        continue;
      }
      seenSubjects.set(subjectKey, m.row);
      const p = this.planFor(plan, m, { sheet: MARKS_SHEET, row: m.row });
      (p.marks ??= []).push(m);
    }
    for (const s of summaries) {
      const p = this.planFor(plan, s, { sheet: SUMMARY_SHEET, row: s.row });
      if (p.summary) {
        errors.push({
          sheet: SUMMARY_SHEET,
          row: s.row,
          field: 'student_id',
          message: `This student and term already have a summary on row ${p.summary.row}.`,
        });
        continue;
      }
      p.summary = s;
    }

    // Students must exist; the class is the one given, the report's own, or the student's present class.
    const studentIds = [...new Set([...marks, ...summaries].map((r) => r.student_id))];
    const students = await this.loadStudents(studentIds);
    const existing = await this.loadExisting(studentIds);
    const unknown = new Set<string>();
    for (const r of [
      ...marks.map((m) => ({ r: m, sheet: MARKS_SHEET })),
      ...summaries.map((s) => ({ r: s, sheet: SUMMARY_SHEET })),
    ]) {
      if (!students.has(r.r.student_id)) {
        errors.push({
          sheet: r.sheet,
          row: r.r.row,
          field: 'student_id',
          message: `There is no student with the ID ${r.r.student_id}.`,
        });
        unknown.add(r.r.student_id);
      }
    }
    for (const [key, p] of plan) {
      if (unknown.has(p.student_id)) continue;
      const classId = p.summary?.class_id ?? existing.get(key)?.class_id ?? students.get(p.student_id) ?? null;
      if (!classId || formLevelOf(classId) === null) {
        errors.push({
          ...p.firstRow,
          field: 'class_id',
          message:
            `Student ${p.student_id} has no class. ` +
            "Give her class for that term in the Summary sheet's class_id column.",
        });
        continue;
      }
      p.class_id = classId;
    }

    const planned = [...plan.values()];
    if (errors.length > 0) {
      const order = (sheet: string) => (sheet === '' ? 0 : sheet === MARKS_SHEET ? 1 : 2);
      errors.sort((a, b) => order(a.sheet) - order(b.sheet) || a.row - b.row);
      return { counts: { created: 0, updated: 0, rows }, errors, planned, studentIds };
    }
    const updated = planned.filter((p) => existing.has(keyOf(p))).length;
    return { counts: { created: planned.length - updated, updated, rows }, errors, planned, studentIds };
  }

  async commit(
    _read: ReadResult,
    checked: Checked,
    file: UploadedSheet,
    actor: SessionUser,
  ): Promise<ImportCheck<TermReportCounts>> {
    const { rows } = checked.counts;
    const { created, updated } = await this.write(checked.planned, checked.studentIds, actor, {
      file: file.originalname,
      rows,
    });
    return { counts: { created, updated, rows }, errors: [] };
  }

  private planFor(plan: Map<string, Planned>, r: MarkRow | SummaryRow, firstRow: Planned['firstRow']): Planned {
    const key = keyOf(r);
    let p = plan.get(key);
    if (!p) {
      p = { student_id: r.student_id, year: r.year, term: r.term, class_id: '', marks: null, summary: null, firstRow };
      plan.set(key, p);
    }
    return p;
  }

  /** Student ID → her present class (null when she has none). */
  private async loadStudents(ids: string[]): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>();
    for (const s of await this.students.list(['class_id'], { ids })) found.set(s.id, s.class_id);
    return found;
  }

  /** The students' existing term reports by key. */
  private async loadExisting(studentIds: string[], m?: EntityManager): Promise<Map<string, TermReport>> {
    const found = new Map<string, TermReport>();
    for (const r of await this.reports.ofStudents(studentIds, m)) found.set(keyOf(r), r);
    return found;
  }

  private async write(
    planned: Planned[],
    studentIds: string[],
    actor: SessionUser,
    about: object,
  ): Promise<{ created: number; updated: number }> {
    try {
      return await this.tx.write(async (m) => {
        const now = nowIso();
        const existing = await this.loadExisting(studentIds, m);
        const updatedIds = planned
          .map((p) => existing.get(keyOf(p))?.id)
          .filter((id): id is number => id !== undefined);
        const oldLines = await this.reports.linesOf(updatedIds, m);

        const events: AuditEvent[] = [];
        const toCreate = planned.filter((p) => !existing.has(keyOf(p)));
        const toUpdate = planned.filter((p) => existing.has(keyOf(p)));
        const summaryOf = (p: Planned) =>
          Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, p.summary ? p.summary[f] : null]));

        for (const part of chunks(toCreate, 100)) {
          await this.reports.insert(
            part.map((p) => ({
              student_id: p.student_id,
              year: p.year,
              term: p.term,
              class_id: p.class_id,
              form_level: formLevelOf(p.class_id)!,
              ...summaryOf(p),
              created_at: now,
              updated_at: now,
            })),
            m,
          );
        }
        for (const p of toUpdate) {
          const before = existing.get(keyOf(p))!;
          await this.reports.update(
            before.id,
            {
              class_id: p.class_id,
              form_level: formLevelOf(p.class_id)!,
              ...(p.summary ? summaryOf(p) : {}),
              updated_at: now,
            },
            m,
          );
        }
        // Ids of the new rows, read back rather than trusting a driver's multi-row insert id.
        const after = await this.loadExisting([...new Set(toCreate.map((p) => p.student_id))], m);
        const idOf = (p: Planned) => (existing.get(keyOf(p)) ?? after.get(keyOf(p)))!.id;

        const withMarks = planned.filter((p) => p.marks);
        await this.reports.deleteLinesOf(withMarks.map(idOf), m);
        const lines = withMarks.flatMap((p) =>
          p.marks!.map((l, n) => ({
            term_report_id: idOf(p),
            position: n + 1,
            subject: l.subject,
            mark_tenths: l.mark_tenths,
            grade: l.grade,
            comment: l.comment,
            teacher: l.teacher,
          })),
        );
        await this.reports.insertLines(lines, m);

        for (const p of planned) {
          const before = existing.get(keyOf(p));
          const oldL = before ? (oldLines.get(before.id) ?? []) : [];
          const newReport = {
            class_id: p.class_id,
            ...(p.summary || !before ? summaryOf(p) : Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, before[f]]))),
          };
          const newLines = p.marks ? p.marks.map((l) => ({ ...l })) : oldL;
          events.push({
            action: 'import_term_report',
            entity: 'term_report',
            entity_id: p.student_id,
            field: `${p.year} term ${p.term}`,
            old_value: before ? snapshot(before, oldL) : null,
            new_value: snapshot(newReport as Pick<TermReport, 'class_id' | (typeof SUMMARY_FIELDS)[number]>, newLines),
          });
        }
        events.push({
          action: 'import_term_reports',
          entity: 'term_reports',
          new_value: { ...about, created: toCreate.length, updated: toUpdate.length },
        });
        for (const part of chunks(events, 100)) await this.audit.record(actor, part, m);
        return { created: toCreate.length, updated: toUpdate.length };
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        throw new ConflictException(
          'Another import changed these term reports at the same moment. Please import the file again.',
        );
      }
      throw e;
    }
  }
}
