import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull, Not } from 'typeorm';
import { chunks } from '../common/chunks.js';
import { PreparedStatements } from '../database/prepared.js';
import { Transactions } from '../database/transactions.js';
import {
  RegistrationArchive,
  RegistrationReview,
  RegistrationRoundMark,
} from './entities/registration-round.entities.js';

/** The three tables of the registration round (docs/product.md §13): this is their one way in. */
@Injectable()
export class RegistrationRoundRepository {
  constructor(
    private readonly tx: Transactions,
    private readonly prepared: PreparedStatements,
  ) {}

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.tx.manager;
  }

  // Kept years.

  async archive(studentId: string, year: number, m?: EntityManager): Promise<RegistrationArchive | null> {
    return this.manager(m).findOneBy(RegistrationArchive, { student_id: studentId, year });
  }

  /** Whether her registration of `year` is kept (she returns the year after): read on every family save. */
  async hasArchive(studentId: string, year: number, m?: EntityManager): Promise<boolean> {
    const sql = 'SELECT 1 AS kept FROM registration_archives WHERE student_id = ? AND year = ? LIMIT 1';
    return (await this.prepared.rows(sql, [studentId, year], m)).length > 0;
  }

  /** Which of these students have a kept registration of `year` (were at the school then, and it closed). */
  async archivedAmong(studentIds: readonly string[], year: number, m?: EntityManager): Promise<Set<string>> {
    const out = new Set<string>();
    for (const ids of chunks(studentIds, 500))
      for (const row of await this.manager(m).find(RegistrationArchive, {
        select: { student_id: true },
        where: { student_id: In(ids), year },
      }))
        out.add(row.student_id);
    return out;
  }

  /** Every kept year of a student, newest first. */
  archivesOf(studentId: string, m?: EntityManager): Promise<RegistrationArchive[]> {
    return this.manager(m).find(RegistrationArchive, { where: { student_id: studentId }, order: { year: 'DESC' } });
  }

  async insertArchives(rows: readonly RegistrationArchive[], m: EntityManager): Promise<void> {
    for (const part of chunks(rows, 100)) await m.insert(RegistrationArchive, [...part]);
  }

  /** The rollover is undone: the year it closed is open again. Answers the removed rows (their PDFs go too). */
  async removeArchives(year: number, studentIds: readonly string[], m: EntityManager): Promise<RegistrationArchive[]> {
    const removed: RegistrationArchive[] = [];
    for (const ids of chunks(studentIds, 500)) {
      const rows = await m.find(RegistrationArchive, { where: { student_id: In(ids), year } });
      removed.push(...rows);
      if (rows.length > 0) await m.delete(RegistrationArchive, { student_id: In(ids), year });
    }
    return removed;
  }

  /** The stored names of every kept PDF (the forms folder's sweep keeps the folder to them). */
  async pdfStoredNames(): Promise<string[]> {
    const rows = await this.manager().find(RegistrationArchive, {
      select: { pdf_stored_name: true },
      where: { pdf_stored_name: Not(IsNull()) },
    });
    return rows.map((row) => row.pdf_stored_name!);
  }

  /** The year's PDF made from the kept answers, once: never replaced (a row that has one keeps it). */
  async setPdf(
    studentId: string,
    year: number,
    pdf: { storedName: string; sha256: string },
    m: EntityManager,
  ): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(RegistrationArchive)
      .set({ pdf_stored_name: pdf.storedName, pdf_sha256: pdf.sha256 })
      .where('student_id = :studentId AND year = :year AND pdf_stored_name IS NULL', { studentId, year })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  // The round's marks.

  marksOf(studentIds: readonly string[], year: number, m?: EntityManager): Promise<RegistrationRoundMark[]> {
    return this.inChunks(studentIds, (ids) =>
      this.manager(m).find(RegistrationRoundMark, { where: { student_id: In(ids), year } }),
    );
  }

  /**
   * A step confirmed or changed. A change always wins (a changed step counts as confirmed); a confirmation does not
   * undo a change.
   */
  async mark(row: RegistrationRoundMark, m: EntityManager): Promise<void> {
    const key = { student_id: row.student_id, year: row.year, item: row.item };
    const found = await m.findOneBy(RegistrationRoundMark, key);
    if (!found) await m.insert(RegistrationRoundMark, row);
    else if (row.state === 'changed') await m.update(RegistrationRoundMark, key, { state: 'changed', at: row.at });
  }

  async removeMarks(year: number, studentIds: readonly string[], m: EntityManager): Promise<void> {
    for (const ids of chunks(studentIds, 500)) {
      await m.delete(RegistrationRoundMark, { student_id: In(ids), year });
      await m.delete(RegistrationReview, { student_id: In(ids), year });
    }
  }

  // The office's reviews.

  reviewsOf(studentIds: readonly string[], year: number, m?: EntityManager): Promise<RegistrationReview[]> {
    return this.inChunks(studentIds, (ids) =>
      this.manager(m).find(RegistrationReview, { where: { student_id: In(ids), year } }),
    );
  }

  async setReview(row: RegistrationReview, m: EntityManager): Promise<void> {
    const key = { student_id: row.student_id, year: row.year };
    if (await m.existsBy(RegistrationReview, key))
      await m.update(RegistrationReview, key, { reviewed_at: row.reviewed_at, reviewed_by: row.reviewed_by });
    else await m.insert(RegistrationReview, row);
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): her kept years, marks and reviews go. Answers the PDFs'
   * stored names (the caller removes their bytes once the deletion commits) and the tables it changed.
   */
  async scrub(studentIds: readonly string[], m: EntityManager): Promise<{ storedNames: string[]; tables: string[] }> {
    const storedNames: string[] = [];
    for (const ids of chunks(studentIds, 500)) {
      for (const row of await m.find(RegistrationArchive, { where: { student_id: In(ids) } }))
        if (row.pdf_stored_name) storedNames.push(row.pdf_stored_name);
      await m.delete(RegistrationArchive, { student_id: In(ids) });
      await m.delete(RegistrationRoundMark, { student_id: In(ids) });
      await m.delete(RegistrationReview, { student_id: In(ids) });
    }
    return { storedNames, tables: ['registration_archives', 'registration_round_marks', 'registration_reviews'] };
  }

  private async inChunks<T>(ids: readonly string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (const part of chunks(ids, 500)) out.push(...(await read(part)));
    return out;
  }
}
