import type { MigrationInterface, QueryRunner } from 'typeorm';
import { familySectionsShown } from '../../../shared/registration-progress.js';

// Records saved before the rule that a guardian who shows a family section again makes its address hers
// (docs/product.md §10 Forgotten password, AddressWriters): the audit trail of each student whose living status or
// section ticks a guardian changed is replayed, save by save, and the address of each section a guardian's save
// showed is marked, unless the student or the office changed that address after. (Addresses a guardian typed were
// marked by GuardianWrittenAddresses1795700000000.)

const SECTION_FIELDS = ['living_status', 'mother_section', 'father_section', 'guardian_section'];
const SECTION_ADDRESS = { mother: 'email_mother', father: 'email_father', guardian: 'email_guardian' } as const;
const ADDRESS_FIELDS = Object.values(SECTION_ADDRESS) as string[];
const list = (names: string[]) => names.map((n) => `'${n}'`).join(', ');

interface Entry {
  entity_id: string;
  actor: string;
  created_at: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

export class GuardianRevealedSections1795710000000 implements MigrationInterface {
  name = 'GuardianRevealedSections1795710000000';

  async up(q: QueryRunner): Promise<void> {
    const entries = (await q.query(
      `SELECT a.entity_id, a.actor, a.created_at, a.field, a.old_value, a.new_value FROM audit_log a
       WHERE a.action = 'student.updated' AND a.field IN (${list([...SECTION_FIELDS, ...ADDRESS_FIELDS])})
         AND a.entity_id IN (SELECT b.entity_id FROM audit_log b WHERE b.action = 'student.updated'
                             AND b.field IN (${list(SECTION_FIELDS)}) AND b.actor LIKE 'guardian:%')
       ORDER BY a.id`,
    )) as Entry[];
    // Each student's entries, under whatever case of her id they were saved (the database's own comparison finds her
    // row, as the save did).
    const idOf = new Map<string, string | null>();
    const students = new Map<string, { row: Record<string, unknown>; trail: Entry[] }>();
    for (const e of entries) {
      if (!idOf.has(e.entity_id)) {
        const [row] = (await q.query(`SELECT id, ${SECTION_FIELDS.join(', ')} FROM students WHERE id = ?`, [
          e.entity_id,
        ])) as Record<string, unknown>[];
        idOf.set(e.entity_id, row ? String(row.id) : null);
        if (row && !students.has(String(row.id))) students.set(String(row.id), { row, trail: [] });
      }
      const id = idOf.get(e.entity_id);
      if (id) students.get(id)!.trail.push(e);
    }
    for (const { row, trail } of students.values()) {
      // The section fields as they were before the trail's first change of each.
      const state: Record<string, unknown> = { ...row };
      for (const field of SECTION_FIELDS) {
        const first = trail.find((e) => e.field === field);
        if (first) state[field] = first.old_value;
      }
      const marks = new Map<string, { by: string; at: string }>();
      // One save: consecutive entries of the same actor at the same time.
      for (let n = 0; n < trail.length;) {
        const save = [trail[n]];
        while (
          n + save.length < trail.length &&
          trail[n + save.length].actor === trail[n].actor &&
          trail[n + save.length].created_at === trail[n].created_at
        )
          save.push(trail[n + save.length]);
        n += save.length;
        const before = familySectionsShown(state);
        for (const e of save) state[e.field] = e.new_value;
        const after = familySectionsShown(state);
        const guardian = save[0].actor.startsWith('guardian:');
        for (const e of save) if (ADDRESS_FIELDS.includes(e.field) && !guardian) marks.delete(e.field);
        if (!guardian) continue;
        for (const section of Object.keys(SECTION_ADDRESS) as (keyof typeof SECTION_ADDRESS)[])
          if (after[section] && !before[section])
            marks.set(SECTION_ADDRESS[section], { by: save[0].actor, at: save[0].created_at });
      }
      for (const [field, mark] of marks) {
        const [exists] = (await q.query(
          'SELECT id FROM guardian_written_addresses WHERE student_id = ? AND field = ?',
          [row.id, field],
        )) as unknown[];
        if (!exists)
          await q.query(
            'INSERT INTO guardian_written_addresses (student_id, field, written_by, written_at) VALUES (?, ?, ?, ?)',
            [row.id, field, mark.by, mark.at],
          );
      }
    }
  }

  /** The marks it added cannot be told from those of saves made since: they stay (they only withhold reset links). */
  down(): Promise<void> {
    return Promise.resolve();
  }
}
