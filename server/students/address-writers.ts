import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { actorLabel } from '../../shared/api-types.js';
import { familySectionsShown } from '../../shared/registration-progress.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { sameMailbox } from '../../shared/email-address.js';
import { PreparedStatements } from '../database/prepared.js';
import { GuardianWrittenAddress } from './entities/guardian-written-address.entity.js';
import { StudentsRepository } from './students.repository.js';

/** The record's address fields: where a family's mail, and a student's reset link, may go. */
export const ADDRESS_FIELDS = ['email', 'email_mother', 'email_father', 'email_guardian'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const isAddressField = (name: string): name is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(name);
const ID_CHUNK = 500;

/** The fields that decide which family sections the form shows, and so which addresses count (familySectionsShown). */
export const SECTION_FIELDS = ['living_status', 'mother_section', 'father_section', 'guardian_section'] as const;
const SECTION_ADDRESS = { mother: 'email_mother', father: 'email_father', guardian: 'email_guardian' } as const;

/** One save of a record: the fields sent, those that differ from what was stored, the stored values and the new. */
export interface RecordSave {
  sent: readonly string[];
  changed: readonly string[];
  /** the stored values of the fields sent and of SECTION_FIELDS, before the save */
  before: Readonly<Record<string, unknown>>;
  changes: Readonly<Record<string, unknown>>;
}

/**
 * The address fields of the family sections a save shows that were hidden before it: an address left in a section
 * the student hid (she lives with her father now) is brought back by whoever shows the section again.
 */
function revealedAddresses(save: RecordSave): AddressField[] {
  if (!SECTION_FIELDS.some((f) => save.changed.includes(f))) return [];
  const before = familySectionsShown(save.before);
  const after = familySectionsShown({ ...save.before, ...save.changes });
  return (Object.keys(SECTION_ADDRESS) as (keyof typeof SECTION_ADDRESS)[])
    .filter((section) => after[section] && !before[section])
    .map((section) => SECTION_ADDRESS[section]);
}

/**
 * Who wrote each address of a record (docs/product.md §10 Forgotten password): owns the guardian_written_addresses
 * table. A guardian account may fill in her daughter's record, but an address she types must never receive the
 * daughter's reset link, or she could take the account over (and keep it after the link ends). Each save records,
 * in its own transaction, which of its address fields a guardian wrote; when the student or the office writes the
 * field again (even the same value), the mark goes and the address is trusted.
 */
@Injectable()
export class AddressWriters {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly students: StudentsRepository,
    private readonly prepared: PreparedStatements,
  ) {}

  /**
   * A save of the record (RecordSave). A guardian marks each address field she changed (one she re-sends unchanged
   * keeps its writer), and the address of each family section her save shows again (by the living status or the
   * section's tick): she chose that it counts, so it is hers until the student or the office saves it. The student or
   * the office clears the mark of each address field sent, changed or not.
   */
  async recordSave(actor: SessionUser, studentId: string, save: RecordSave, m: EntityManager): Promise<void> {
    if (actor.role !== 'guardian') return this.trust(studentId, save.sent, m);
    const fields = [...new Set([...save.changed.filter(isAddressField), ...revealedAddresses(save)])];
    await this.mark(studentId, fields, actorLabel(actor), m);
  }

  /**
   * A guardian's link to the student ended (GuardiansService.unlink, in its transaction): the record's addresses that
   * reach her mailbox (any spelling, sameMailbox), even those the student or the office typed, count as hers again,
   * so no reset link reaches her through them, until the student or the office saves them again.
   */
  async unlinked(studentId: string, guardian: { label: string; email: string }, m: EntityManager): Promise<void> {
    // Locked as a save locks it: a save of the same record waits, so their marks never collide.
    const row = await this.students.pickForUpdate(studentId, ADDRESS_FIELDS, m);
    if (!row) return;
    const hers = ADDRESS_FIELDS.filter((f) => typeof row[f] === 'string' && sameMailbox(row[f], guardian.email));
    await this.mark(row.id, hers, guardian.label, m);
  }

  private async mark(studentId: string, fields: readonly AddressField[], by: string, m: EntityManager): Promise<void> {
    if (fields.length === 0) return;
    const repo = m.getRepository(GuardianWrittenAddress);
    await repo.delete({ student_id: studentId, field: In(fields) });
    const at = nowIso();
    await repo.insert(fields.map((field) => ({ student_id: studentId, field, written_by: by, written_at: at })));
  }

  /**
   * The student or the office wrote these fields: their addresses are trusted. (The import writes no address field,
   * and the demo seeds only new rows, which have no mark.)
   */
  private async trust(studentId: string, fields: readonly string[], m: EntityManager): Promise<void> {
    const address = fields.filter(isAddressField);
    // A prepared statement: a save that sends an address runs it (the query builder cost more than the delete).
    if (address.length === 0) return;
    const marks = address.map(() => '?').join(', ');
    await this.prepared.run(
      `DELETE FROM guardian_written_addresses WHERE student_id = ? AND field IN (${marks})`,
      [studentId, ...address],
      m,
      'varies',
    );
  }

  /** Her personal data is deleted (docs/product.md §12.4): who wrote her addresses goes too. Answers its table. */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<string[]> {
    for (let n = 0; n < studentIds.length; n += ID_CHUNK)
      await m.getRepository(GuardianWrittenAddress).delete({ student_id: In(studentIds.slice(n, n + ID_CHUNK)) });
    return ['guardian_written_addresses'];
  }

  /** For each of these students with any, the address fields a guardian wrote. */
  async guardianWritten(studentIds: readonly string[], m?: EntityManager): Promise<Map<string, Set<AddressField>>> {
    const out = new Map<string, Set<AddressField>>();
    for (let n = 0; n < studentIds.length; n += ID_CHUNK) {
      const rows = await (m ?? this.ds.manager).getRepository(GuardianWrittenAddress).find({
        select: { student_id: true, field: true },
        where: { student_id: In(studentIds.slice(n, n + ID_CHUNK)) },
      });
      for (const r of rows) {
        const set = out.get(r.student_id) ?? new Set<AddressField>();
        if (isAddressField(r.field)) set.add(r.field);
        out.set(r.student_id, set);
      }
    }
    return out;
  }
}
