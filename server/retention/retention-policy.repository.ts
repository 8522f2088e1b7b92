import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../database/transactions.js';
import { RetentionPolicy } from './entities/retention-policy.entity.js';

/** The retention_policy table's one row (id 1), once the school has set it (docs/product.md §12.4). */
@Injectable()
export class RetentionPolicyRepository {
  constructor(private readonly tx: Transactions) {}

  /** The stored number of years, or null while the school has set none. */
  async find(m?: EntityManager): Promise<number | null> {
    const row = await (m ?? this.tx.manager).findOneBy(RetentionPolicy, { id: 1 });
    return row?.years_after_leaving ?? null;
  }

  async store(years: number, m: EntityManager): Promise<void> {
    await m.save(RetentionPolicy, { id: 1, years_after_leaving: years });
  }
}
