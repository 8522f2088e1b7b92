import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { TermReport, TermReportLine } from './entities/term-report.entity.js';
import { chunks } from '../common/chunks.js';

/** Rows as written in bulk: the generated ids are the database's. */
export type NewTermReport = Partial<TermReport> & Pick<TermReport, 'student_id' | 'year' | 'term'>;
export type NewTermReportLine = Partial<TermReportLine>;

/** A report's fields the import changes on a report that exists. */
export type TermReportChanges = Partial<Omit<TermReport, 'id' | 'student_id' | 'year' | 'term' | 'created_at'>>;

/** A class's marks of a term, one per line, as the class averages need them. */
export interface ClassMark {
  subject: string;
  mark_tenths: number | string | null;
}

const CHUNK = 400;

/**
 * The owner of `term_reports` and `term_report_lines`: every read and write of a report or its lines goes through
 * here. A method that takes an EntityManager runs in the caller's transaction when given one, else on its own.
 */
@Injectable()
export class TermReportsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  // ---- reports ----

  /** Every year, term and class that has reports (one row each). */
  async termsAndClasses(): Promise<{ year: number; term: number; class_id: string }[]> {
    const rows = await this.ds
      .getRepository(TermReport)
      .createQueryBuilder('r')
      .select(['r.year AS year', 'r.term AS term', 'r.class_id AS class_id'])
      .groupBy('r.year')
      .addGroupBy('r.term')
      .addGroupBy('r.class_id')
      .getRawMany<{ year: number | string; term: number | string; class_id: string }>();
    return rows.map((r) => ({ year: Number(r.year), term: Number(r.term), class_id: r.class_id }));
  }

  /** Whether a year's term has any report. */
  termHasReports(year: number, term: number, m: EntityManager = this.ds.manager): Promise<boolean> {
    return m.getRepository(TermReport).existsBy({ year, term });
  }

  /** The class id as the term's reports spell it (MariaDB compares without case), or null when it has none. */
  async classAsSpelt(year: number, term: number, classId: string, m: EntityManager = this.ds.manager) {
    const row = await m
      .getRepository(TermReport)
      .findOne({ select: { class_id: true }, where: { year, term, class_id: classId } });
    return row?.class_id ?? null;
  }

  /** The student id as her report of that term spells it, or null when she has none. */
  async studentAsSpelt(studentId: string, year: number, term: number): Promise<string | null> {
    const row = await this.ds
      .getRepository(TermReport)
      .findOne({ select: { student_id: true }, where: { student_id: studentId, year, term } });
    return row?.student_id ?? null;
  }

  /** One student's report of a term, or null. */
  findOne(studentId: string, year: number, term: number): Promise<TermReport | null> {
    return this.ds.getRepository(TermReport).findOneBy({ student_id: studentId, year, term });
  }

  /** One student's reports, newest first. */
  ofStudent(studentId: string): Promise<TermReport[]> {
    return this.ds
      .getRepository(TermReport)
      .find({ where: { student_id: studentId }, order: { year: 'DESC', term: 'DESC' } });
  }

  /** The reports of a year's term, or of one class of it. */
  ofTerm(year: number, term: number, classId?: string, m: EntityManager = this.ds.manager): Promise<TermReport[]> {
    return m
      .getRepository(TermReport)
      .findBy(classId === undefined ? { year, term } : { year, term, class_id: classId });
  }

  /** How many reports a class has in a term. */
  countOfClass(classId: string, year: number, term: number): Promise<number> {
    return this.ds.getRepository(TermReport).countBy({ class_id: classId, year, term });
  }

  /** Every report of these students (in parts of 400 ids). */
  async ofStudents(studentIds: string[], m: EntityManager = this.ds.manager): Promise<TermReport[]> {
    const out: TermReport[] = [];
    for (const part of chunks(studentIds, CHUNK))
      out.push(...(await m.getRepository(TermReport).findBy({ student_id: In(part) })));
    return out;
  }

  /** The class of each report of these students: student, year, term and class only. */
  classesOf(studentIds: string[]): Promise<Pick<TermReport, 'student_id' | 'year' | 'term' | 'class_id'>[]> {
    return this.ds.getRepository(TermReport).find({
      select: { student_id: true, year: true, term: true, class_id: true },
      where: { student_id: In(studentIds) },
    });
  }

  /** New reports, in one insert. */
  async insert(rows: NewTermReport[], m: EntityManager = this.ds.manager): Promise<void> {
    await m.getRepository(TermReport).insert(rows);
  }

  async update(id: number, changes: TermReportChanges, m: EntityManager = this.ds.manager): Promise<void> {
    await m.getRepository(TermReport).update({ id }, changes);
  }

  /** One report; answers its id (read back by its student and term). */
  async insertOne(row: NewTermReport, m: EntityManager = this.ds.manager): Promise<number> {
    await m.getRepository(TermReport).insert(row);
    const saved = await m
      .getRepository(TermReport)
      .findOneByOrFail({ student_id: row.student_id, year: row.year, term: row.term });
    return saved.id;
  }

  /** Many reports of one year and term in one statement; answers their ids by student. */
  async insertMany(
    rows: NewTermReport[],
    year: number,
    term: number,
    m: EntityManager = this.ds.manager,
  ): Promise<{ id: number; student_id: string }[]> {
    if (rows.length === 0) return [];
    await m.createQueryBuilder().insert().into(TermReport).values(rows).updateEntity(false).execute();
    return m.getRepository(TermReport).find({
      select: { id: true, student_id: true },
      where: rows.map((r) => ({ student_id: r.student_id, year, term })),
    });
  }

  // ---- lines ----

  /** The lines of these reports by report id, each report's in their order (in parts of 400 ids). */
  async linesOf(reportIds: number[], m: EntityManager = this.ds.manager): Promise<Map<number, TermReportLine[]>> {
    const out = new Map<number, TermReportLine[]>();
    for (const part of chunks(reportIds, CHUNK)) {
      for (const l of await m
        .getRepository(TermReportLine)
        .find({ where: { term_report_id: In(part) }, order: { term_report_id: 'ASC', position: 'ASC' } })) {
        out.set(l.term_report_id, [...(out.get(l.term_report_id) ?? []), l]);
      }
    }
    return out;
  }

  /** Every mark of a class's reports in a term (the subject as written, the mark in tenths or null). */
  classMarks(classId: string, year: number, term: number): Promise<ClassMark[]> {
    return this.ds
      .getRepository(TermReportLine)
      .createQueryBuilder('l')
      .innerJoin(TermReport, 'r', 'r.id = l.term_report_id')
      .select(['l.subject AS subject', 'l.mark_tenths AS mark_tenths'])
      .where('r.class_id = :classId AND r.year = :year AND r.term = :term', { classId, year, term })
      .getRawMany<ClassMark>();
  }

  /** Removes every line of these reports (in parts of 400 ids). */
  async deleteLinesOf(reportIds: number[], m: EntityManager = this.ds.manager): Promise<void> {
    for (const part of chunks(reportIds, CHUNK))
      await m.getRepository(TermReportLine).delete({ term_report_id: In(part) });
  }

  /** New lines, in parts of 300 rows per insert. */
  async insertLines(rows: NewTermReportLine[], m: EntityManager = this.ds.manager): Promise<void> {
    for (const part of chunks(rows, 300)) await m.getRepository(TermReportLine).insert(part);
  }

  /** New lines in one statement, the generated ids not read back (the seeds' bulk writes). */
  async insertLinesInBulk(rows: NewTermReportLine[], m: EntityManager = this.ds.manager): Promise<void> {
    if (rows.length === 0) return;
    await m.createQueryBuilder().insert().into(TermReportLine).values(rows).updateEntity(false).execute();
  }
}
