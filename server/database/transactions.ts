import { Global, Injectable, Module } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PreparedStatements } from './prepared.js';
import { writeTransaction } from './write-transaction.js';

/**
 * The way a service opens a transaction, injected instead of the DataSource: the service hands the manager it gets to
 * the owners of the tables it changes (their repositories take it), so a unit spec builds the service with fake
 * owners and fake transactions (test/fakes/transactions.ts), without an app or a database.
 */
@Injectable()
export class Transactions {
  constructor(private readonly ds: DataSource) {}

  /** A read-then-write change in one transaction (on SQLite, one after another: writeTransaction). */
  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return writeTransaction(this.ds, work);
  }

  /** The manager outside any transaction, for reads that need none. */
  get manager(): EntityManager {
    return this.ds.manager;
  }
}

/** Provides Transactions and PreparedStatements everywhere (their DataSource comes from the app's DatabaseModule). */
@Global()
@Module({ providers: [Transactions, PreparedStatements], exports: [Transactions, PreparedStatements] })
export class TransactionsModule {}
