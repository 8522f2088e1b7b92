import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { TermReportClassPosting, TermReportPosting } from './entities/term-report.entity.js';

export type NewTermReportPosting = Partial<TermReportPosting> & Pick<TermReportPosting, 'year' | 'term'>;

/**
 * The owner of `term_report_postings` (a year's term) and `term_report_class_postings` (one class's own posting).
 * A method that takes an EntityManager runs in the caller's transaction when given one, else on its own.
 */
@Injectable()
export class PostingsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The terms' postings, of some years or all. */
  termPostings(years?: number[], m: EntityManager = this.ds.manager): Promise<TermReportPosting[]> {
    return m.getRepository(TermReportPosting).findBy(years ? { year: In(years) } : {});
  }

  /** The classes' own postings, of some years or all. */
  classPostings(years?: number[], m: EntityManager = this.ds.manager): Promise<TermReportClassPosting[]> {
    return m.getRepository(TermReportClassPosting).findBy(years ? { year: In(years) } : {});
  }

  /** A year's term's posting, or null. */
  termPosting(year: number, term: number, m: EntityManager = this.ds.manager): Promise<TermReportPosting | null> {
    return m.getRepository(TermReportPosting).findOneBy({ year, term });
  }

  /** One class's own posting in a term, or null. */
  classPosting(
    year: number,
    term: number,
    classId: string,
    m: EntityManager = this.ds.manager,
  ): Promise<TermReportClassPosting | null> {
    return m.getRepository(TermReportClassPosting).findOneBy({ year, term, class_id: classId });
  }

  /** The classes of a term that have their own posting. */
  classPostingsOf(year: number, term: number, m: EntityManager = this.ds.manager): Promise<TermReportClassPosting[]> {
    return m.getRepository(TermReportClassPosting).findBy({ year, term });
  }

  /** Removes these classes' own postings in a term (none when the list is empty). */
  async deleteClassPostings(year: number, term: number, classIds: string[], m: EntityManager): Promise<void> {
    if (classIds.length) await m.getRepository(TermReportClassPosting).delete({ year, term, class_id: In(classIds) });
  }

  /** Writes a term's posting, a new row or over the old one. */
  async saveTermPosting(row: TermReportPosting, m: EntityManager): Promise<void> {
    await m.getRepository(TermReportPosting).upsert(row, ['year', 'term']);
  }

  /** Writes a class's own posting, a new row or over the old one. */
  async saveClassPosting(row: TermReportClassPosting, m: EntityManager): Promise<void> {
    await m.getRepository(TermReportClassPosting).upsert(row, ['year', 'term', 'class_id']);
  }

  /**
   * Claims the announcement of a posting visible at `now`: sets its `notified_at` only if still unset, posted and
   * released, in one conditional update, so of several instances one wins. Answers whether this call did.
   */
  async claimNotice(
    p: Pick<TermReportPosting, 'year' | 'term'> & { class_id?: string },
    now: string,
    m: EntityManager,
  ): Promise<boolean> {
    const entity = p.class_id !== undefined ? TermReportClassPosting : TermReportPosting;
    const where =
      p.class_id !== undefined ? { year: p.year, term: p.term, class_id: p.class_id } : { year: p.year, term: p.term };
    const claimed = await m
      .createQueryBuilder()
      .update(entity)
      .set({ notified_at: now })
      .where(where)
      .andWhere('notified_at IS NULL AND posted = 1 AND (release_at IS NULL OR release_at <= :now)', { now })
      .execute();
    return !!claimed.affected;
  }

  /** Terms' postings as given (the seeds). */
  async insertTermPostings(rows: NewTermReportPosting[], m: EntityManager = this.ds.manager): Promise<void> {
    await m.getRepository(TermReportPosting).insert(rows);
  }
}
