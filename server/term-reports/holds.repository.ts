import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { TermReportHoldRow } from './entities/term-report.entity.js';

/** A hold's key: whose card, which year and term. */
export interface HoldKey {
  student_id: string;
  year: number;
  term: number;
}

/**
 * The owner of `term_report_holds`. A method that takes an EntityManager runs in the caller's transaction when
 * given one, else on its own.
 */
@Injectable()
export class HoldsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Every hold, the oldest first. */
  all(): Promise<TermReportHoldRow[]> {
    return this.ds.getRepository(TermReportHoldRow).find({ order: { held_at: 'ASC' } });
  }

  /** The holds on these students (in parts of 500 ids). */
  async ofStudents(studentIds: string[], m: EntityManager = this.ds.manager): Promise<TermReportHoldRow[]> {
    const out: TermReportHoldRow[] = [];
    const repo = m.getRepository(TermReportHoldRow);
    for (let n = 0; n < studentIds.length; n += 500)
      out.push(...(await repo.findBy({ student_id: In(studentIds.slice(n, n + 500)) })));
    return out;
  }

  /** Holds a card, or replaces the reason, author and time of its hold. */
  async save(row: TermReportHoldRow, m: EntityManager): Promise<void> {
    await m.getRepository(TermReportHoldRow).upsert(row, ['student_id', 'year', 'term']);
  }

  /** Removes a hold; answers whether there was one. */
  async delete(key: HoldKey, m: EntityManager): Promise<boolean> {
    const removed = await m
      .getRepository(TermReportHoldRow)
      .delete({ student_id: key.student_id, year: key.year, term: key.term });
    return !!removed.affected;
  }

  /** Removes every hold of these students (in parts of 500 ids). */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<void> {
    for (let n = 0; n < studentIds.length; n += 500)
      await m.getRepository(TermReportHoldRow).delete({ student_id: In(studentIds.slice(n, n + 500)) });
  }
}
