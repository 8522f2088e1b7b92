import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../database/transactions.js';
import { ClassRule } from './entities/school-year.entities.js';

export type ClassRuleRow = Pick<ClassRule, 'class_id' | 'action' | 'next_class_id'>;

/**
 * The class_rules table: each class's next class as the office set it (docs/product.md §12.2). A class without a row
 * follows the default rule (shared/school-year.ts defaultClassRule); the rows are kept from one rollover to the next.
 */
@Injectable()
export class ClassRulesRepository {
  constructor(private readonly tx: Transactions) {}

  /** Every stored rule, by class. */
  async all(m?: EntityManager): Promise<ClassRuleRow[]> {
    const rows = await (m ?? this.tx.manager).find(ClassRule, { order: { class_id: 'ASC' } });
    return rows.map(({ class_id, action, next_class_id }) => ({ class_id, action, next_class_id }));
  }

  /** Sets one class's rule, or (null) puts the class back on the default rule. */
  async set(classId: string, rule: ClassRuleRow | null, m: EntityManager): Promise<void> {
    if (rule === null) await m.delete(ClassRule, { class_id: classId });
    else await m.save(ClassRule, { class_id: classId, action: rule.action, next_class_id: rule.next_class_id });
  }

  /** The rules become exactly these (the undo of a rollover puts back the rules it found). */
  async replaceAll(rows: readonly ClassRuleRow[], m: EntityManager): Promise<void> {
    await m.createQueryBuilder().delete().from(ClassRule).execute();
    if (rows.length > 0)
      await m.insert(
        ClassRule,
        rows.map((r) => ({ ...r })),
      );
  }
}
