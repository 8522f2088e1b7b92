import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, type FindOptionsOrder, type FindOptionsWhere, In } from 'typeorm';
import { REGISTER_COLUMNS } from '../../shared/retention.js';
import { STUDENT_FIELDS, type StudentFields } from '../../shared/student-fields.js';
import { FORMER_STATUSES, type StudentStanding } from '../../shared/school-year.js';
import { TERMS_STAMP_COLUMNS } from '../../shared/terms.js';
import type { TermsAgreementStamp } from '../../shared/terms.js';
import { isSqlite } from '../database/write-transaction.js';
import { Student } from './entities/student.entity.js';

/** One row of the students table, typed by the shared field catalogue: flags 0/1, codes integers, the rest text. */
export type StudentRow = StudentFields &
  TermsAgreementStamp &
  StudentStanding & { id: string; created_at: string; updated_at: string; scrubbed_at: string | null };
export type StudentColumn = keyof StudentRow;

/** The values a write may set: catalogue fields (and the terms stamp, written by TermsService only). */
export type StudentChanges = Partial<Omit<StudentRow, 'id' | 'created_at' | 'scrubbed_at'>>;

/** A selection of columns of one row (`id` always included). */
export type StudentPick<K extends StudentColumn> = Pick<StudentRow, K | 'id'>;

// The entity and the catalogue describe the same row: this fails to compile when they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const entityMatchesCatalogue: Same<Student, StudentRow> = true;
void entityMatchesCatalogue;

export interface ListOptions {
  /** only these students (an empty list finds nobody) */
  ids?: readonly string[];
  /** only this class */
  classId?: string;
  order?: FindOptionsOrder<Student>;
}

/** Rows per query for `IN (...)` lists: well under SQLite's and MariaDB's placeholder limits. */
const ID_CHUNK = 500;

/**
 * The one way into the students table. Other modules read and write students only through these
 * methods; those that take an EntityManager run inside the caller's transaction (writeTransaction).
 */
@Injectable()
export class StudentsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.ds.manager;
  }

  exists(id: string, m?: EntityManager): Promise<boolean> {
    return this.manager(m).existsBy(Student, { id });
  }

  count(m?: EntityManager): Promise<number> {
    return this.manager(m).count(Student);
  }

  /**
   * The whole row, read with plain SQL: the column names are the record's field names, and building
   * TypeORM's select for 110 columns cost more than the query itself (it is read on every step).
   */
  async findRow(id: string, m?: EntityManager): Promise<StudentRow | null> {
    const [row] = (await this.manager(m).query('SELECT * FROM students WHERE id = ?', [id])) as StudentRow[];
    return row ?? null;
  }

  /** Some columns of one student, or null when there is none. */
  async pick<K extends StudentColumn>(
    id: string,
    columns: readonly K[],
    m?: EntityManager,
  ): Promise<StudentPick<K> | null> {
    return this.manager(m).findOne(Student, { select: selectOf(columns), where: { id } });
  }

  /**
   * Some columns of one student, the row locked until the transaction ends (FOR UPDATE on MariaDB;
   * SQLite's writeTransaction runs one at a time). For read-then-write changes inside writeTransaction.
   */
  async pickForUpdate<K extends StudentColumn>(
    id: string,
    columns: readonly K[],
    m: EntityManager,
  ): Promise<StudentPick<K> | null> {
    // Plain SQL: every save runs it (the query builder cost more than the query). Columns are the catalogue's.
    const lock = isSqlite(this.ds) ? '' : ' FOR UPDATE';
    const [row] = (await m.query(`SELECT ${this.columnList(['id', ...columns])} FROM students WHERE id = ?${lock}`, [
      id,
    ])) as StudentPick<K>[];
    return row ?? null;
  }

  private columnList(columns: readonly string[]): string {
    const driver = this.ds.driver;
    return columns.map((c) => driver.escape(c)).join(', ');
  }

  /** Some columns of many students (of some ids, of a class, or all), in the order asked for. */
  async list<K extends StudentColumn>(
    columns: readonly K[],
    options: ListOptions = {},
    m?: EntityManager,
  ): Promise<StudentPick<K>[]> {
    const where: FindOptionsWhere<Student> = options.classId === undefined ? {} : { class_id: options.classId };
    const find = (extra: FindOptionsWhere<Student>) =>
      this.manager(m).find(Student, {
        select: selectOf(columns),
        where: { ...where, ...extra },
        ...(options.order ? { order: options.order } : {}),
      });
    if (!options.ids) return find({});
    const out: StudentPick<K>[] = [];
    for (let n = 0; n < options.ids.length; n += ID_CHUNK)
      out.push(...(await find({ id: In(options.ids.slice(n, n + ID_CHUNK)) })));
    return out;
  }

  /** Whole rows of one class or of some students, by name (the progress rules read every field). */
  async rowsOf(options: { classId?: string; ids?: readonly string[] }): Promise<StudentRow[]> {
    const order = 'ORDER BY last_name, first_name, id';
    if (options.classId !== undefined)
      return (await this.ds.query(`SELECT * FROM students WHERE class_id = ? ${order}`, [
        options.classId,
      ])) as StudentRow[];
    const ids = options.ids ?? [];
    const out: StudentRow[] = [];
    for (let n = 0; n < ids.length; n += ID_CHUNK) {
      const chunk = ids.slice(n, n + ID_CHUNK);
      const sql = `SELECT * FROM students WHERE id IN (${chunk.map(() => '?').join(', ')}) ${order}`;
      out.push(...((await this.ds.query(sql, chunk)) as StudentRow[]));
    }
    return out;
  }

  /** Every whole row, by name (the progress counts read every field the rules might). */
  async allRowsByName(): Promise<StudentRow[]> {
    return this.ds.manager.find(Student, { order: { last_name: 'ASC', first_name: 'ASC', id: 'ASC' } });
  }

  /**
   * Whole rows in batches by class and name, of one form level or all: plain SQL, because the query
   * builder's 110-column hydration dominated the export.
   */
  async *rowBatches(batchSize: number, formLevel?: number): AsyncGenerator<StudentRow[]> {
    const where = formLevel === undefined ? '' : 'WHERE class_id LIKE ? ';
    const sql = `SELECT * FROM students ${where}ORDER BY class_id, last_name, first_name, id LIMIT ? OFFSET ?`;
    for (let offset = 0; ; offset += batchSize) {
      const params = [...(formLevel === undefined ? [] : [`${formLevel}%`]), batchSize, offset];
      const rows = (await this.ds.manager.query(sql, params)) as StudentRow[];
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
    }
  }

  /**
   * New rows. The callers' objects are left as they are: TypeORM's reading back of the columns the database filled in
   * (updateEntity) matched the rows it read to the objects by position, and MariaDB returns them in key order, so on
   * MariaDB each object got another student's id (the demo school gave the wrong students their passwords).
   * Nothing needs those columns back; a whole school's seeding inserts thousands of rows and reads none of them.
   */
  async insert(rows: readonly Partial<StudentRow>[], m?: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await this.manager(m)
      .createQueryBuilder()
      .insert()
      .into(Student)
      .values(rows as Partial<Student>[])
      .updateEntity(false)
      .execute();
  }

  /** Sets some columns of one student (every save: plain SQL, as pickForUpdate). */
  async update(id: string, changes: StudentChanges, m?: EntityManager): Promise<void> {
    const names = Object.keys(changes).filter((n) => changes[n as keyof StudentChanges] !== undefined);
    if (names.length === 0) return;
    const driver = this.ds.driver;
    await this.manager(m).query(
      `UPDATE students SET ${names.map((n) => `${driver.escape(n)} = ?`).join(', ')} WHERE id = ?`,
      [...names.map((n) => changes[n as keyof StudentChanges]), id],
    );
  }

  /**
   * Her standing (docs/product.md §12): current, or a former student since `left_on` for a reason. Written by the
   * rollover and its undo (and by tests that make a student former).
   */
  async setStanding(ids: readonly string[], standing: StudentStanding, m: EntityManager): Promise<void> {
    for (let n = 0; n < ids.length; n += ID_CHUNK)
      await m.update(Student, { id: In(ids.slice(n, n + ID_CHUNK)) }, { ...standing });
  }

  /**
   * Former students who left on or before `leftOnOrBefore` and whose personal data is still held, by leaving date and
   * name (the retention rules decide which of them are due: RetentionService).
   */
  async formerNotScrubbed(
    leftOnOrBefore: string,
    m?: EntityManager,
  ): Promise<Pick<StudentRow, 'id' | 'first_name' | 'last_name' | 'status' | 'left_on' | 'scrubbed_at'>[]> {
    const statuses = FORMER_STATUSES.map(() => '?').join(', ');
    return (await this.manager(m).query(
      'SELECT id, first_name, last_name, status, left_on, scrubbed_at FROM students ' +
        `WHERE status IN (${statuses}) AND scrubbed_at IS NULL AND left_on IS NOT NULL AND left_on <= ? ` +
        'ORDER BY left_on, last_name, first_name, id',
      [...FORMER_STATUSES, leftOnOrBefore],
    )) as Pick<StudentRow, 'id' | 'first_name' | 'last_name' | 'status' | 'left_on' | 'scrubbed_at'>[];
  }

  /** What the retention rules read of some students (locked until the transaction ends, as pickForUpdate). */
  async standingsForUpdate(
    ids: readonly string[],
    m: EntityManager,
  ): Promise<Pick<StudentRow, 'id' | 'status' | 'left_on' | 'scrubbed_at'>[]> {
    const lock = isSqlite(this.ds) ? '' : ' FOR UPDATE';
    const out: Pick<StudentRow, 'id' | 'status' | 'left_on' | 'scrubbed_at'>[] = [];
    for (let n = 0; n < ids.length; n += ID_CHUNK) {
      const chunk = ids.slice(n, n + ID_CHUNK);
      const marks = chunk.map(() => '?').join(', ');
      const sql = `SELECT id, status, left_on, scrubbed_at FROM students WHERE id IN (${marks})`;
      out.push(
        ...((await m.query(sql + lock, chunk)) as Pick<StudentRow, 'id' | 'status' | 'left_on' | 'scrubbed_at'>[]),
      );
    }
    return out;
  }

  /**
   * Deletes the personal data of these students' rows (docs/product.md §12.4): the register stays (REGISTER_COLUMNS),
   * every other column is emptied, and scrubbed_at says when. Answers the tables it changed (the caller has their
   * freed space rewritten).
   */
  async scrub(ids: readonly string[], at: string, m: EntityManager): Promise<string[]> {
    const driver = this.ds.driver;
    const names = Object.keys(SCRUBBED_VALUES);
    const sets = [...names.map((n) => `${driver.escape(n)} = ?`), `${driver.escape('scrubbed_at')} = ?`].join(', ');
    for (let n = 0; n < ids.length; n += ID_CHUNK) {
      const chunk = ids.slice(n, n + ID_CHUNK);
      await m.query(`UPDATE students SET ${sets} WHERE id IN (${chunk.map(() => '?').join(', ')})`, [
        ...names.map((name) => SCRUBBED_VALUES[name]),
        at,
        ...chunk,
      ]);
    }
    return ['students'];
  }
}

/**
 * What deleting her personal data sets (docs/product.md §12.4): every column of the field catalogue and the terms'
 * stamp that is not part of the register (REGISTER_COLUMNS), flags to 0 (the columns are NOT NULL), the rest to NULL.
 */
const SCRUBBED_VALUES: Readonly<Record<string, 0 | null>> = Object.fromEntries([
  ...STUDENT_FIELDS.filter((f) => !(REGISTER_COLUMNS as readonly string[]).includes(f.name)).map((f) => [
    f.name,
    f.kind === 'flag' ? 0 : null,
  ]),
  ...TERMS_STAMP_COLUMNS.map((c) => [c, null]),
]);

function selectOf(columns: readonly StudentColumn[]): Partial<Record<StudentColumn, true>> {
  return Object.fromEntries(['id', ...columns].map((c) => [c, true]));
}
