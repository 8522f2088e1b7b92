import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../database/transactions.js';
import { TermsVersion } from './entities/terms-version.entity.js';

/**
 * The terms_versions table's reads and writes; those given an EntityManager run in the caller's transaction, the
 * others outside any.
 */
@Injectable()
export class TermsVersionsRepository {
  constructor(private readonly tx: Transactions) {}

  /** The newest version, or null when there is none. */
  async latest(m?: EntityManager): Promise<TermsVersion | null> {
    const [latest] = await (m ?? this.tx.manager).find(TermsVersion, { order: { id: 'DESC' }, take: 1 });
    return latest ?? null;
  }

  byId(id: number): Promise<TermsVersion | null> {
    return this.tx.manager.findOneBy(TermsVersion, { id });
  }

  /** Stores a new version; answers it with its number. */
  add(version: Omit<TermsVersion, 'id'>, m: EntityManager): Promise<TermsVersion> {
    return m.save(TermsVersion, m.create(TermsVersion, version));
  }
}
