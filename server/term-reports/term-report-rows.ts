import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type NewTermReportPosting, PostingsRepository } from './postings.repository.js';
import { type NewTermReport, type NewTermReportLine, TermReportsRepository } from './term-reports.repository.js';

export type { NewTermReport, NewTermReportLine, NewTermReportPosting };

/**
 * Reports, their lines and the postings written in bulk, inside the caller's transaction: the seeds of the demo
 * school and the load-test school (seed:school) write the term-report tables through here, which hands each write
 * to the table's owner (TermReportsRepository, PostingsRepository).
 */
@Injectable()
export class TermReportRows {
  constructor(
    private readonly reports: TermReportsRepository,
    private readonly postings: PostingsRepository,
  ) {}

  /** One report; answers its id. */
  insertReport(row: NewTermReport, m?: EntityManager): Promise<number> {
    return this.reports.insertOne(row, m);
  }

  /** Many reports of one year and term; answers their ids by student. */
  insertReports(
    rows: NewTermReport[],
    year: number,
    term: number,
    m?: EntityManager,
  ): Promise<{ id: number; student_id: string }[]> {
    return this.reports.insertMany(rows, year, term, m);
  }

  insertLines(rows: NewTermReportLine[], m?: EntityManager): Promise<void> {
    return this.reports.insertLinesInBulk(rows, m);
  }

  insertPostings(rows: NewTermReportPosting[], m?: EntityManager): Promise<void> {
    return this.postings.insertTermPostings(rows, m);
  }
}
