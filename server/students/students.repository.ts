import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, type FindOptionsOrder, type FindOptionsWhere, In } from 'typeorm';
import { REGISTER_COLUMNS } from '../../shared/retention.js';
import { STUDENT_FIELDS, type StudentFields, type StudentRecord } from '../../shared/student-fields.js';
import { FORMER_STATUSES, isFormerStatus, type StudentStanding } from '../../shared/school-year.js';
import { TERMS_STAMP_COLUMNS } from '../../shared/terms.js';
import type { TermsAgreementStamp } from '../../shared/terms.js';
import { type CacheRegion, SharedCache } from '../cache/shared-cache.js';
import { chunks } from '../common/chunks.js';
import { PreparedStatements } from '../database/prepared.js';
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

/** A student as the rollover and the retention rules read her: her class, her standing, whether she was scrubbed. */
export type RolloverStudentRow = Pick<
  StudentRow,
  'id' | 'first_name' | 'last_name' | 'class_id' | 'status' | 'left_on' | 'leaving_reason' | 'scrubbed_at'
>;
const ROLLOVER_COLUMNS = 'id, first_name, last_name, class_id, status, left_on, leaving_reason, scrubbed_at';

/** What the rollover and its undo set on a student. */
export type StandingChanges = Partial<Pick<StudentRow, 'class_id' | 'status' | 'left_on' | 'leaving_reason'>>;

export interface ListOptions {
  /** only these students (an empty list finds nobody) */
  ids?: readonly string[];
  /** only this class */
  classId?: string;
  /** only current students, or only former ones (docs/product.md §12.3); default: both */
  standing?: Standing;
  order?: FindOptionsOrder<Student>;
}

/** Current students only, or former ones only (graduated or left). */
export type Standing = 'current' | 'former';

function standingWhere(standing: Standing | undefined): FindOptionsWhere<Student> {
  if (standing === undefined) return {};
  return { status: standing === 'current' ? 'current' : In([...FORMER_STATUSES]) };
}

/** The same as SQL, for the plain-SQL reads ('' when both). */
function standingSql(standing: Standing | undefined): string {
  if (standing === undefined) return '';
  return standing === 'current' ? "status = 'current'" : `status IN (${FORMER_STATUSES_SQL})`;
}

/** FORMER_STATUSES as an SQL list: fixed words of shared/school-year.ts, never a caller's input. */
const FORMER_STATUSES_SQL = FORMER_STATUSES.map((s) => `'${s}'`).join(', ');

/** The SharedCache kind of a student's standing (isFormerKept). */
const STANDING_KIND = 'student-standing';

/** Rows per query for `IN (...)` lists: well under SQLite's and MariaDB's placeholder limits. */
const ID_CHUNK = 500;

/**
 * The one way into the students table. Other modules read and write students only through these
 * methods; those that take an EntityManager run inside the caller's transaction (writeTransaction).
 */
@Injectable()
export class StudentsRepository {
  /** Whether a student is former, by id: read on every request of a student's or a guardian's session. */
  private readonly standings: CacheRegion<{ former: boolean }>;

  /** The record's read (recordOf): built once from the entity's columns. */
  private recordSql?: string;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly cache: SharedCache,
    private readonly prepared: PreparedStatements,
  ) {
    this.standings = cache.region<{ former: boolean }>(STANDING_KIND, { ttlMs: 30_000, maxEntries: 20_000 });
  }

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.ds.manager;
  }

  exists(id: string, m?: EntityManager): Promise<boolean> {
    return this.manager(m).existsBy(Student, { id });
  }

  count(m?: EntityManager): Promise<number> {
    return this.manager(m).count(Student);
  }

  /** Whether she has left the school (graduated or left, docs/product.md §12.3); false for an unknown id. */
  async isFormer(id: string, m?: EntityManager): Promise<boolean> {
    const [row] = await this.prepared.rows<{ status: string }>('SELECT status FROM students WHERE id = ?', [id], m);
    return row !== undefined && isFormerStatus(row.status);
  }

  /**
   * isFormer, kept in memory a few seconds for the checks every signed-in request makes (SessionAccount,
   * StudentAccess). setStanding publishes each change (SharedCache), so it applies at once here and within a second on
   * every other instance.
   */
  async isFormerKept(id: string): Promise<boolean> {
    const kept = await this.standings.getOrLoad(id, async () => ({ former: await this.isFormer(id) }));
    return kept?.former ?? false;
  }

  /** Of these ids, those of former students. */
  async formerAmong(ids: readonly string[], m?: EntityManager): Promise<Set<string>> {
    const out = new Set<string>();
    for (let n = 0; n < ids.length; n += ID_CHUNK)
      for (const row of await this.manager(m).find(Student, {
        select: { id: true },
        where: { id: In(ids.slice(n, n + ID_CHUNK)), ...standingWhere('former') },
      }))
        out.add(row.id);
    return out;
  }

  /**
   * The whole row, by a prepared statement: the column names are the record's field names, and building TypeORM's
   * select for 110 columns cost more than the query itself (the first views, the round, the documents read it).
   */
  async findRow(id: string, m?: EntityManager): Promise<StudentRow | null> {
    const [row] = await this.prepared.rows<StudentRow>('SELECT * FROM students WHERE id = ?', [id], m);
    return row ?? null;
  }

  /**
   * The registration record as the API shows it (docs/product.md §3), read on every step of the form: every column
   * but created_at, and updated_at as `updatedAt`, named so by the query itself (copying a 110-field row to rename one
   * field cost more than reading it). The same shape as toStudentRecord (student-record.mapper.ts) makes of a row.
   */
  async recordOf(id: string): Promise<StudentRecord | null> {
    if (this.recordSql === undefined) {
      const columns = this.ds
        .getMetadata(Student)
        .columns.map((c) => c.databaseName)
        .filter((c) => c !== 'created_at' && c !== 'updated_at');
      this.recordSql =
        `SELECT ${this.columnList(columns)}, updated_at AS ${this.ds.driver.escape('updatedAt')} ` +
        'FROM students WHERE id = ?';
    }
    const [record] = await this.prepared.rows<StudentRecord>(this.recordSql, [id]);
    return record ?? null;
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
    // A prepared statement: every save runs it (the query builder cost more than the query). The catalogue's columns.
    const lock = isSqlite(this.ds) ? '' : ' FOR UPDATE';
    const [row] = await this.prepared.rows<StudentPick<K>>(
      `SELECT ${this.columnList(['id', ...columns])} FROM students WHERE id = ?${lock}`,
      [id],
      m,
      'varies',
    );
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
    const where: FindOptionsWhere<Student> = {
      ...(options.classId === undefined ? {} : { class_id: options.classId }),
      ...standingWhere(options.standing),
    };
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
  async rowsOf(
    options: { classId?: string; ids?: readonly string[]; standing?: Standing },
    m?: EntityManager,
  ): Promise<StudentRow[]> {
    const order = 'ORDER BY last_name, first_name, id';
    const standing = standingSql(options.standing);
    const and = standing ? ` AND ${standing}` : '';
    const db = this.manager(m);
    if (options.classId !== undefined)
      return (await db.query(`SELECT * FROM students WHERE class_id = ?${and} ${order}`, [
        options.classId,
      ])) as StudentRow[];
    const ids = options.ids ?? [];
    const out: StudentRow[] = [];
    for (let n = 0; n < ids.length; n += ID_CHUNK) {
      const chunk = ids.slice(n, n + ID_CHUNK);
      const sql = `SELECT * FROM students WHERE id IN (${chunk.map(() => '?').join(', ')})${and} ${order}`;
      out.push(...((await db.query(sql, chunk)) as StudentRow[]));
    }
    return out;
  }

  /** Every whole row, by name (the progress counts read every field the rules might). */
  async allRowsByName(standing?: Standing): Promise<StudentRow[]> {
    return this.ds.manager.find(Student, {
      where: standingWhere(standing),
      order: { last_name: 'ASC', first_name: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Whole rows in batches by class and name, of one form level or all: plain SQL, because the query
   * builder's 110-column hydration dominated the export.
   */
  async *rowBatches(batchSize: number, formLevel?: number, standing?: Standing): AsyncGenerator<StudentRow[]> {
    const conditions = [...(formLevel === undefined ? [] : ['class_id LIKE ?']), standingSql(standing)].filter(Boolean);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')} ` : '';
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

  /**
   * The rollover's view of the school (docs/product.md §12.2): every current student's class and standing, the rows
   * locked until the transaction ends (FOR UPDATE on MariaDB), so that no save changes them while the school moves on.
   */
  async currentForRollover(m: EntityManager): Promise<RolloverStudentRow[]> {
    const lock = isSqlite(this.ds) ? '' : ' FOR UPDATE';
    return (await m.query(`SELECT ${ROLLOVER_COLUMNS} FROM students WHERE status = ? ORDER BY id${lock}`, [
      'current',
    ])) as RolloverStudentRow[];
  }

  /**
   * The same columns of some students, locked as above (the undo of a rollover reads them before it restores; the
   * retention rules before a deletion).
   */
  async standingsForUpdate(ids: readonly string[], m: EntityManager): Promise<RolloverStudentRow[]> {
    const lock = isSqlite(this.ds) ? '' : ' FOR UPDATE';
    const out: RolloverStudentRow[] = [];
    for (const part of chunks(ids, ID_CHUNK)) {
      const sql = `SELECT ${ROLLOVER_COLUMNS} FROM students WHERE id IN (${part.map(() => '?').join(', ')})${lock}`;
      out.push(...((await m.query(sql, part)) as RolloverStudentRow[]));
    }
    return out;
  }

  /**
   * Sets the class and standing of many students at once (the rollover and its undo). updated_at stays: it is the
   * time her record was last saved, and the Students table sorts by it.
   */
  async setStanding(ids: readonly string[], standing: StandingChanges, m: EntityManager): Promise<void> {
    const names = (Object.keys(standing) as (keyof StandingChanges)[]).filter((n) => standing[n] !== undefined);
    if (names.length === 0 || ids.length === 0) return;
    const driver = this.ds.driver;
    const set = names.map((n) => `${driver.escape(n)} = ?`).join(', ');
    for (const part of chunks(ids, ID_CHUNK)) {
      await m.query(`UPDATE students SET ${set} WHERE id IN (${part.map(() => '?').join(', ')})`, [
        ...names.map((n) => standing[n]),
        ...part,
      ]);
      // Her sessions and her guardians' see the new standing at once (isFormerKept), on every instance.
      if (standing.status !== undefined)
        await this.cache.publish(
          part.map((id) => `${STANDING_KIND}:${id}`),
          m,
        );
    }
  }

  /** Which of these classes some student (current or former) is in. */
  async classesInUse(classIds: readonly string[], m?: EntityManager): Promise<Set<string>> {
    const used = new Set<string>();
    for (const part of chunks(classIds, ID_CHUNK)) {
      const sql = `SELECT DISTINCT class_id FROM students WHERE class_id IN (${part.map(() => '?').join(', ')})`;
      for (const row of (await this.manager(m).query(sql, part)) as { class_id: string }[]) used.add(row.class_id);
    }
    return used;
  }

  /** The same columns of many students set to the same values, in the caller's transaction (a statement per 500). */
  async updateMany(ids: readonly string[], changes: StudentChanges, m: EntityManager): Promise<void> {
    for (let n = 0; n < ids.length; n += ID_CHUNK)
      await m.update(Student, { id: In(ids.slice(n, n + ID_CHUNK)) }, changes);
  }

  /** Sets some columns of one student (every save: a statement of its own, as pickForUpdate). */
  async update(id: string, changes: StudentChanges, m?: EntityManager): Promise<void> {
    const names = Object.keys(changes).filter((n) => changes[n as keyof StudentChanges] !== undefined);
    if (names.length === 0) return;
    const driver = this.ds.driver;
    await this.prepared.run(
      `UPDATE students SET ${names.map((n) => `${driver.escape(n)} = ?`).join(', ')} WHERE id = ?`,
      [...names.map((n) => changes[n as keyof StudentChanges] as string | number | null), id],
      m,
      'varies',
    );
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
