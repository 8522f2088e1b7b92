import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { chunks } from '../common/chunks.js';
import { StudentClass } from './entities/school-year.entities.js';

/** Rows per statement: 3 values each, well within SQLite's and MariaDB's limits. */
const CHUNK = 500;

/** The student_classes table: each student's class in a past school year, written at rollover (docs/product.md §12). */
@Injectable()
export class StudentClassesRepository {
  /** The students among these who have a row for the year already. */
  async holding(year: number, studentIds: readonly string[], m: EntityManager): Promise<string[]> {
    const out: string[] = [];
    for (const part of chunks(studentIds, CHUNK))
      for (const row of await m.find(StudentClass, {
        select: { student_id: true },
        where: { year, student_id: In(part) },
      }))
        out.push(row.student_id);
    return out;
  }

  /**
   * Adds the classes of one year. It never replaces a row (the caller checks with `holding` first): the undo then
   * removes exactly the rows the rollover added.
   */
  async add(year: number, rows: readonly { student_id: string; class_id: string | null }[], m: EntityManager) {
    for (const part of chunks(rows, CHUNK))
      await m.insert(
        StudentClass,
        part.map((r) => ({ student_id: r.student_id, year, class_id: r.class_id })),
      );
  }

  /** Removes these students' rows of one year (the undo of the rollover that wrote them). */
  async remove(year: number, studentIds: readonly string[], m: EntityManager): Promise<void> {
    for (const part of chunks(studentIds, CHUNK)) await m.delete(StudentClass, { year, student_id: In(part) });
  }
}
