import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isSqlite } from './write-transaction.js';

type Param = string | number | null;

interface SqliteStatement {
  readonly reader: boolean;
  all(...params: Param[]): unknown[];
  run(...params: Param[]): unknown;
  raw(on: boolean): SqliteStatement;
  columns(): { name: string }[];
}
/** A statement, and for a SELECT the function that makes a row's object from its values (rowMaker). */
interface Kept {
  statement: SqliteStatement;
  row?: (values: unknown[]) => unknown;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
}
type MysqlDone = (err: Error | null, rows: unknown) => void;
interface MysqlConnection {
  execute(sql: string, params: Param[], done: MysqlDone): void;
  query(sql: string, params: Param[], done: MysqlDone): void;
}

/**
 * The SQL's shape: `fixed`, the same text on every call (prepared once, on MariaDB too); `varies`, built from what a
 * request sent (the columns of a save, a list's length): on MariaDB sent as a parameterised text query instead, since
 * each text prepared there stays prepared on its connection, and the server's count of them is limited.
 */
export type SqlShape = 'fixed' | 'varies';

/** Statements kept prepared on SQLite at most, the least recently used dropped first. */
const KEPT_STATEMENTS = 500;

/**
 * The function that makes one row's object from its values, in the columns' order, written as one object literal:
 * better-sqlite3 would make each row's object itself, one property at a time through V8's API, which for the
 * students' 110 columns cost several times the query (and the JSON of such an object is slower to write). mysql2
 * makes its rows the same way. The names are the statement's own columns, quoted as JSON: no value is in the code.
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => unknown {
  // A literal's `__proto__` key would set the prototype, not a property: no table of ours has such a column.
  if (names.includes('__proto__')) throw new Error('A column named __proto__ cannot be read into an object.');
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

/**
 * Statements prepared once and run many times, for the few queries that every signed-in request runs (the record's
 * read; a save's row lock, update and audit row), without TypeORM's query runner in between: its query events,
 * logger hooks and result wrapping cost more than these queries themselves. On SQLite a better-sqlite3 statement (the
 * one connection: inside a transaction too); on MariaDB mysql2's `execute` for a fixed text (a server-side prepared
 * statement mysql2 keeps per connection) and its parameterised `query` for one that varies, on the transaction's
 * connection when given one. The SQL is always the caller's own, built from the catalogue's column names, never from a
 * request; values go only through the parameters.
 */
@Injectable()
export class PreparedStatements {
  private readonly statements = new Map<string, Kept>();

  constructor(private readonly ds: DataSource) {}

  /** The rows a SELECT answers, outside any transaction or in the caller's (`m`). */
  rows<Row>(sql: string, params: Param[], m?: EntityManager, shape: SqlShape = 'fixed'): Promise<Row[]> {
    if (isSqlite(this.ds)) {
      try {
        const { statement, row } = this.statement(sql);
        return Promise.resolve((statement.all(...params) as unknown[][]).map(row!) as Row[]);
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    return this.mysql(sql, params, m, shape) as Promise<Row[]>;
  }

  /** Runs an INSERT, UPDATE or DELETE, outside any transaction or in the caller's (`m`). */
  async run(sql: string, params: Param[], m?: EntityManager, shape: SqlShape = 'fixed'): Promise<void> {
    if (isSqlite(this.ds)) this.statement(sql).statement.run(...params);
    else await this.mysql(sql, params, m, shape);
  }

  private statement(sql: string): Kept {
    let kept = this.statements.get(sql);
    if (kept) {
      // Least recently used first out: the statements every request runs stay while those of rare shapes come and go.
      this.statements.delete(sql);
      this.statements.set(sql, kept);
    } else {
      const statement = (
        this.ds.driver as unknown as { databaseConnection: SqliteDatabase }
      ).databaseConnection.prepare(sql);
      kept = statement.reader
        ? { statement: statement.raw(true), row: rowMaker(statement.columns().map((c) => c.name)) }
        : { statement };
      if (this.statements.size >= KEPT_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, kept);
    }
    return kept;
  }

  private async mysql(sql: string, params: Param[], m: EntityManager | undefined, shape: SqlShape): Promise<unknown> {
    // In a transaction, its own connection (a released one is refused, as TypeORM refuses it); else the pool.
    const runner = m?.queryRunner;
    if (runner?.isReleased) throw new Error('The transaction of this query has already ended.');
    const connection = runner
      ? ((await runner.connect()) as MysqlConnection)
      : (this.ds.driver as unknown as { pool: MysqlConnection }).pool;
    return new Promise((resolve, reject) => {
      const done: MysqlDone = (err, rows) => (err ? reject(err) : resolve(rows));
      if (shape === 'fixed') connection.execute(sql, params, done);
      else connection.query(sql, params, done);
    });
  }
}
