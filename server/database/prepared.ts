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
interface MysqlExecutor {
  execute(sql: string, params: Param[], done: (err: Error | null, rows: unknown) => void): void;
}

/** Statements kept prepared on SQLite at most (the UPDATE of a save has one per set of columns). */
const KEPT_STATEMENTS = 500;

/**
 * The function that makes one row's object from its values, in the columns' order, written as one object literal:
 * better-sqlite3 would make each row's object itself, one property at a time through V8's API, which for the
 * students' 110 columns cost several times the query (and the JSON of such an object is slower to write). mysql2
 * makes its rows the same way. The names are the statement's own columns, quoted as JSON: no value is in the code.
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => unknown {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

/**
 * Statements prepared once and run many times, for the few queries that every signed-in request runs (the record's
 * read; a save's row lock, update and audit row), without TypeORM's query runner in between: its query events,
 * logger hooks and result wrapping cost more than these queries themselves. On SQLite a better-sqlite3 statement (the
 * one connection: inside a transaction too); on MariaDB mysql2's `execute`, a server-side prepared statement that
 * mysql2 keeps per connection, on the transaction's connection when given one. The SQL is always the caller's own,
 * built from the catalogue's column names, never from a request; values go only through the parameters.
 */
@Injectable()
export class PreparedStatements {
  private readonly statements = new Map<string, Kept>();

  constructor(private readonly ds: DataSource) {}

  /** The rows a SELECT answers, outside any transaction or in the caller's (`m`). */
  rows<Row>(sql: string, params: Param[], m?: EntityManager): Promise<Row[]> {
    if (isSqlite(this.ds)) {
      try {
        const { statement, row } = this.statement(sql);
        return Promise.resolve((statement.all(...params) as unknown[][]).map(row!) as Row[]);
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    return this.execute(sql, params, m) as Promise<Row[]>;
  }

  /** Runs an INSERT, UPDATE or DELETE, outside any transaction or in the caller's (`m`). */
  async run(sql: string, params: Param[], m?: EntityManager): Promise<void> {
    if (isSqlite(this.ds)) this.statement(sql).statement.run(...params);
    else await this.execute(sql, params, m);
  }

  private statement(sql: string): Kept {
    let kept = this.statements.get(sql);
    if (!kept) {
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

  private execute(sql: string, params: Param[], m?: EntityManager): Promise<unknown> {
    const inTransaction = (m?.queryRunner as { databaseConnection?: MysqlExecutor } | undefined)?.databaseConnection;
    const executor = inTransaction ?? (this.ds.driver as unknown as { pool: MysqlExecutor }).pool;
    return new Promise((resolve, reject) =>
      executor.execute(sql, params, (err, rows) => (err ? reject(err) : resolve(rows))),
    );
  }
}
