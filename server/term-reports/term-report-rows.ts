import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TermReport, TermReportLine, TermReportPosting } from './entities/term-report.entity.js';

/** Rows as written in bulk: the generated ids are the database's. */
export type NewTermReport = Partial<TermReport> & Pick<TermReport, 'student_id' | 'year' | 'term'>;
export type NewTermReportLine = Partial<TermReportLine>;
export type NewTermReportPosting = Partial<TermReportPosting> & Pick<TermReportPosting, 'year' | 'term'>;

/**
 * Reports, their lines and the postings written in bulk, inside the caller's transaction: the seeds of the demo
 * school and the load-test school (seed:school) write the term-report tables through here, as the import does
 * through its own service.
 */
@Injectable()
export class TermReportRows {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One report; answers its id. */
  async insertReport(row: NewTermReport, m: EntityManager = this.ds.manager): Promise<number> {
    await m.getRepository(TermReport).insert(row);
    const saved = await m
      .getRepository(TermReport)
      .findOneByOrFail({ student_id: row.student_id, year: row.year, term: row.term });
    return saved.id;
  }

  /** Many reports of one year and term; answers their ids by student. */
  async insertReports(
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

  async insertLines(rows: NewTermReportLine[], m: EntityManager = this.ds.manager): Promise<void> {
    if (rows.length === 0) return;
    await m.createQueryBuilder().insert().into(TermReportLine).values(rows).updateEntity(false).execute();
  }

  async insertPostings(rows: NewTermReportPosting[], m: EntityManager = this.ds.manager): Promise<void> {
    await m.getRepository(TermReportPosting).insert(rows);
  }
}
