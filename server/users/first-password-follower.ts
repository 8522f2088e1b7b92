import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { firstPassword, type FirstPasswordAfterSave } from '../../shared/first-password.js';
import { AuditService } from '../audit/audit.service.js';
import { PasswordHasher } from './password-hasher.js';
import type { SessionUser } from '../common/session-user.js';
import type { User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';

/** A student whose date of birth the office has corrected (the Edit Student dialog or a student import). */
export interface DateOfBirthCorrection {
  studentId: string;
  /** The corrected date, 'YYYY-MM-DD'. */
  dateOfBirth: string;
}

/**
 * The one place where a student's first password follows a corrected date of birth (docs/product.md §4 Student edit
 * status): while she has not chosen a password, her first password becomes the corrected date (audited as
 * password.first-password-corrected); once she has, it stays. Only the office corrects: its callers are the
 * administrator's save of a student and the student import.
 */
@Injectable()
export class FirstPasswordFollower {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  /**
   * The hashes of the first passwords the corrected dates give, by date, for the students still on their first
   * password: bcrypt's work done before the transaction, which must stay short (follow checks again inside it).
   */
  async prepare(
    corrections: readonly DateOfBirthCorrection[],
    cost?: number,
    hashes: Map<string, string> = new Map(),
  ): Promise<Map<string, string>> {
    if (corrections.length === 0) return hashes;
    const onFirst = new Set<string>();
    for (const u of await this.accounts(corrections)) if (u.password_reset === 1) onFirst.add(u.student_id!);
    const dates = [...new Set(corrections.filter((c) => onFirst.has(c.studentId)).map((c) => c.dateOfBirth))].filter(
      (d) => !hashes.has(d),
    );
    for (let i = 0; i < dates.length; i += 4) {
      await Promise.all(
        dates.slice(i, i + 4).map(async (d) => hashes.set(d, await this.hasher.hash(firstPassword(d), cost))),
      );
    }
    return hashes;
  }

  /**
   * In the transaction that stores the corrected dates: moves the first password of each student still on it, audited
   * for `actor`. What happened to each student with an account: `follows` or `chosen`.
   */
  async follow(
    actor: SessionUser,
    corrections: readonly DateOfBirthCorrection[],
    hashes: Map<string, string>,
    m: EntityManager,
  ): Promise<Map<string, FirstPasswordAfterSave>> {
    const outcome = new Map<string, FirstPasswordAfterSave>();
    if (corrections.length === 0) return outcome;
    const accounts = new Map((await this.accounts(corrections, m)).map((u) => [u.student_id!, u]));
    const moved: string[] = [];
    for (const c of corrections) {
      const account = accounts.get(c.studentId);
      if (!account) continue;
      if (account.password_reset !== 1) {
        outcome.set(c.studentId, 'chosen');
        continue;
      }
      const hash = hashes.get(c.dateOfBirth) ?? (await this.hasher.hash(firstPassword(c.dateOfBirth)));
      const set = await this.users.setFirstPassword(account.id, hash, m);
      outcome.set(c.studentId, set ? 'follows' : 'chosen');
      if (set) moved.push(c.studentId);
    }
    await this.audit.record(
      actor,
      moved.map((id) => ({
        action: 'password.first-password-corrected',
        entity: 'user',
        entity_id: id,
        field: 'date_of_birth',
      })),
      m,
    );
    return outcome;
  }

  /** The accounts of the corrected students, 500 ids a query. */
  private async accounts(corrections: readonly DateOfBirthCorrection[], m?: EntityManager): Promise<User[]> {
    const found: User[] = [];
    for (let i = 0; i < corrections.length; i += 500) {
      found.push(
        ...(await this.users.studentAccounts(
          corrections.slice(i, i + 500).map((c) => c.studentId),
          m,
        )),
      );
    }
    return found;
  }
}
