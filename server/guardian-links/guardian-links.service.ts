import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { LinkedStudent } from '../../shared/guardians.js';
import { nowIso } from '../common/time.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';
import { GuardianLink } from './entities/guardian-link.entity.js';

const ID_CHUNK = 500;

/** A guardian linked to a student, as the office's list and the notices see her. */
export interface LinkedGuardian {
  id: number;
  name: string;
  email: string;
  linked_at: string;
}

/**
 * Which guardian account may act for which student (docs/product.md §11): owns the guardian_links table. The
 * guard asks it on every request a guardian makes for a student, so a link ended by the office ends her access at
 * once, on every instance.
 */
@Injectable()
export class GuardianLinksService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly students: StudentsRepository,
    private readonly users: UsersService,
  ) {}

  /** The ids of the students she is linked to, as the students table spells them. */
  async studentIdsOf(guardianId: number): Promise<string[]> {
    const rows = (await this.ds.query('SELECT student_id FROM guardian_links WHERE guardian_user_id = ?', [
      guardianId,
    ])) as { student_id: string }[];
    return rows.map((r) => r.student_id);
  }

  /**
   * Her linked students with their names and classes, by last name then first name: current students only (a former
   * student is no longer hers to act for, docs/product.md §12.3; the link itself stays, for the office's record).
   */
  async studentsOf(guardianId: number): Promise<LinkedStudent[]> {
    const ids = await this.studentIdsOf(guardianId);
    if (ids.length === 0) return [];
    const rows = await this.students.list(['first_name', 'last_name', 'class_id'], { ids, standing: 'current' });
    return rows
      .map((r) => ({ id: r.id, first_name: r.first_name, last_name: r.last_name, class_id: r.class_id }))
      .sort(
        (a, b) =>
          (a.last_name ?? '').localeCompare(b.last_name ?? '') ||
          (a.first_name ?? '').localeCompare(b.first_name ?? '') ||
          a.id.localeCompare(b.id),
      );
  }

  /**
   * The guardians linked to each of these students (students without one are absent from the map), in the order
   * they were linked. Their names and addresses are the accounts' (UsersService); a link whose account is not a
   * guardian's is left out.
   */
  async guardiansOf(studentIds: string[], m?: EntityManager): Promise<Map<string, LinkedGuardian[]>> {
    const out = new Map<string, LinkedGuardian[]>();
    const links: GuardianLink[] = [];
    // In chunks: a posting or an import names a whole school.
    for (let n = 0; n < studentIds.length; n += ID_CHUNK)
      links.push(
        ...(await (m ?? this.ds.manager).find(GuardianLink, {
          select: { id: true, student_id: true, guardian_user_id: true, created_at: true },
          where: { student_id: In(studentIds.slice(n, n + ID_CHUNK)) },
          order: { id: 'ASC' },
        })),
      );
    const guardianIds = [...new Set(links.map((l) => l.guardian_user_id))];
    const accounts = new Map<number, { id: number; name: string; email: string }>();
    for (let n = 0; n < guardianIds.length; n += ID_CHUNK)
      for (const g of await this.users.guardians(guardianIds.slice(n, n + ID_CHUNK), m)) accounts.set(g.id, g);
    for (const link of links) {
      const account = accounts.get(link.guardian_user_id);
      if (!account) continue;
      const list = out.get(link.student_id) ?? [];
      list.push({ id: account.id, name: account.name, email: account.email, linked_at: link.created_at });
      out.set(link.student_id, list);
    }
    return out;
  }

  /** Links her to the student (nothing when already linked); inside the caller's transaction. */
  async link(guardianId: number, studentId: string, by: string, m: EntityManager): Promise<boolean> {
    const repo = m.getRepository(GuardianLink);
    if (await repo.existsBy({ guardian_user_id: guardianId, student_id: studentId })) return false;
    await repo.insert({ guardian_user_id: guardianId, student_id: studentId, created_at: nowIso(), created_by: by });
    return true;
  }

  /**
   * Ends every link to these students (their personal data is deleted, docs/product.md §12.4); answers the guardians
   * who were linked. In the caller's transaction.
   */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<number[]> {
    const guardians = new Set<number>();
    for (let n = 0; n < studentIds.length; n += 500) {
      const where = { student_id: In(studentIds.slice(n, n + 500)) };
      const rows = await m.getRepository(GuardianLink).find({ select: { id: true, guardian_user_id: true }, where });
      for (const r of rows) guardians.add(r.guardian_user_id);
      await m.getRepository(GuardianLink).delete(where);
    }
    return [...guardians];
  }

  /** Ends the link; false when there was none. */
  async unlink(guardianId: number, studentId: string, m: EntityManager): Promise<boolean> {
    const result = await m.getRepository(GuardianLink).delete({ guardian_user_id: guardianId, student_id: studentId });
    return (result.affected ?? 0) > 0;
  }
}
