import type { DataSource, EntityManager } from 'typeorm';

const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * A transaction for a read-then-write change. On MariaDB it is an ordinary transaction (callers lock
 * the rows they read with FOR UPDATE). TypeORM runs every SQLite query on one connection, where two
 * overlapping transactions would silently nest as savepoints of each other; so on SQLite the
 * transactions started here run one after another, in the order they were asked for.
 */
export function writeTransaction<T>(ds: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (!isSqlite(ds)) return ds.transaction(work);
  const previous = queues.get(ds) ?? Promise.resolve();
  const run = previous.then(() => ds.transaction(work));
  queues.set(
    ds,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Work that must not run inside a transaction (a checkpoint, a table rebuild), after every write transaction asked for
 * before it has ended: on SQLite in the queue of writeTransaction, so none is open on the one connection meanwhile.
 */
export function outsideTransactions<T>(ds: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(ds)) return work();
  const previous = queues.get(ds) ?? Promise.resolve();
  const run = previous.then(work);
  queues.set(
    ds,
    run.catch(() => undefined),
  );
  return run;
}

export function isSqlite(ds: DataSource): boolean {
  return ds.options.type === 'better-sqlite3';
}
