import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../database/transactions.js';
import { RegistrationStatus } from './entities/registration-status.entity.js';

/** The registration_status table's one row (id 1), read and written for RegistrationWindow. */
@Injectable()
export class RegistrationStatusRepository {
  constructor(private readonly tx: Transactions) {}

  /** The row, in the caller's transaction when `m` is given; null when there is none yet. */
  find(m?: EntityManager): Promise<RegistrationStatus | null> {
    return (m ?? this.tx.manager).findOneBy(RegistrationStatus, { id: 1 });
  }

  /** The row, open and without a deadline, unless there is one (INSERT IGNORE: instances starting together race). */
  async insertDefault(): Promise<void> {
    await this.tx.manager
      .createQueryBuilder()
      .insert()
      .into(RegistrationStatus)
      .values([{ id: 1, open: 1, deadline: null }])
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  async save(next: { open: number; deadline: string | null }, m: EntityManager): Promise<void> {
    await m.save(RegistrationStatus, { id: 1, open: next.open, deadline: next.deadline });
  }
}
