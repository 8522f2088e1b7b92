import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import type { StudentStanding } from '../../shared/school-year.js';
import { chunks } from '../common/chunks.js';
import { isSqlite } from '../database/write-transaction.js';
import { Rollover, RolloverStudent } from './entities/school-year.entities.js';

/** Rows per statement: 7 values each. */
const CHUNK = 500;

export type RolloverRecord = Omit<Rollover, 'id' | 'undone_at'>;

/** A student as she stood before a rollover changed her. */
export type StudentBefore = StudentStanding & { student_id: string; class_id: string | null };

/**
 * The rollovers and rollover_students tables: what each rollover changed, kept so that the latest one can be undone
 * exactly (docs/product.md §12.2). rollover_students are a rollover's own rows, written and read only with it.
 */
@Injectable()
export class RolloversRepository {
  /** Keeps a rollover and how its students stood before it; answers its id. */
  async create(record: RolloverRecord, students: readonly StudentBefore[], m: EntityManager): Promise<number> {
    const saved = await m.save(Rollover, m.create(Rollover, { ...record, undone_at: null }));
    for (const part of chunks(students, CHUNK))
      await m.insert(
        RolloverStudent,
        part.map((s) => ({
          rollover_id: saved.id,
          student_id: s.student_id,
          class_id: s.class_id,
          status: s.status,
          left_on: s.left_on,
          leaving_reason: s.leaving_reason,
        })),
      );
    return saved.id;
  }

  /**
   * The latest rollover not undone, locked until the transaction ends on MariaDB (FOR UPDATE: two undos at once undo
   * it once; SQLite's writeTransaction runs one at a time); `lock: false` for a plain read (GET /api/rollover).
   */
  async latestNotUndone(m: EntityManager, options: { lock: boolean } = { lock: true }): Promise<Rollover | null> {
    const [row] = await m.find(Rollover, {
      where: { undone_at: IsNull() },
      order: { id: 'DESC' },
      take: 1,
      ...(isSqlite(m.connection) || !options.lock ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    });
    return row ?? null;
  }

  /**
   * How a rollover's students stood before it; a locking read on MariaDB, so that the undo takes its locks before its
   * first plain read (which fixes what the transaction sees, REPEATABLE READ).
   */
  async studentsBefore(rolloverId: number, m: EntityManager): Promise<StudentBefore[]> {
    const rows = await m.find(RolloverStudent, {
      where: { rollover_id: rolloverId },
      order: { id: 'ASC' },
      ...(isSqlite(m.connection) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    });
    return rows.map(({ student_id, class_id, status, left_on, leaving_reason }) => ({
      student_id,
      class_id,
      status,
      left_on,
      leaving_reason,
    }));
  }

  async markUndone(rolloverId: number, at: string, m: EntityManager): Promise<void> {
    await m.update(Rollover, { id: rolloverId }, { undone_at: at });
  }
}
