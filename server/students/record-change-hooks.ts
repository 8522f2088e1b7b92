import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DocumentType } from '../../shared/constants.js';
import type { StudentFieldName } from '../../shared/student-fields.js';
import type { SessionUser } from '../common/session-user.js';

/** What changed in a student's registration: fields of her record saved, or a document uploaded. */
export type RecordChange =
  | { kind: 'fields'; studentId: string; fields: readonly StudentFieldName[] }
  | { kind: 'document'; studentId: string; type: DocumentType };

export type RecordChangeHook = (actor: SessionUser, change: RecordChange, m: EntityManager) => Promise<void>;

/**
 * Those who must know, in the same transaction, that a registration changed: the save (POST /api/student) and the
 * upload tell them here. A feature built on the record (the year's registration round, docs/product.md §13) adds its
 * hook when it starts, so that the record's owner need not know it (the server's layers import one way).
 */
@Injectable()
export class RecordChangeHooks {
  private readonly hooks: RecordChangeHook[] = [];

  add(hook: RecordChangeHook): void {
    this.hooks.push(hook);
  }

  async changed(actor: SessionUser, change: RecordChange, m: EntityManager): Promise<void> {
    for (const hook of this.hooks) await hook(actor, change, m);
  }
}
