import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { firstPassword } from '../../../shared/first-password.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PasswordHasher } from '../../users/password-hasher.js';
import { nowIso } from '../../common/time.js';
import {
  EthnicGroup,
  FormClass,
  House,
  RegionalCorporation,
  RegistrationStatus,
  Religion,
  Town,
} from '../../lookups/entities/lookups.entities.js';
import { GuardianLinksService } from '../../guardian-links/guardian-links.service.js';
import { StudentsRepository } from '../../students/students.repository.js';
import { User } from '../../users/entities/user.entity.js';
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_GUARDIAN, demoStudents } from './demo-school.js';
import { seedDemoTermReports } from './demo-term-reports.js';
import { LOOKUPS } from './lookups.data.js';

/**
 * Start-up data: the lookup lists (added when missing, never overwritten), the operator's admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, and with SEED_DEMO a demo school on an empty database.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(): Promise<void> {
    await this.seedLookups();
    if (this.config.admin)
      await this.ensureAdmin(this.config.admin.username, this.config.admin.password, 'Administrator');
    if (this.config.seedDemo) await this.seedDemoSchool();
  }

  /**
   * Adds missing lookup rows and never changes existing ones. INSERT ... IGNORE makes it safe when
   * several instances start at once on one database.
   */
  async seedLookups(): Promise<void> {
    const insertMissing = async <T extends object>(entity: new () => T, rows: T[]) => {
      if (rows.length)
        await this.ds
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(rows as never[])
          .orIgnore()
          .updateEntity(false)
          .execute();
    };
    await insertMissing(
      Town,
      LOOKUPS.towns.map((town_name) => ({ town_name }) as Town),
    );
    await insertMissing(
      RegionalCorporation,
      LOOKUPS.regional_corporations.map((title) => ({ title }) as RegionalCorporation),
    );
    await insertMissing(
      Religion,
      LOOKUPS.religions.map((r) => ({ ...r })),
    );
    await insertMissing(
      EthnicGroup,
      LOOKUPS.ethnic_groups.map((g) => ({ ...g })),
    );
    // Houses are the school's own: the placeholders go in only while there are none at all.
    if ((await this.ds.getRepository(House).count()) === 0)
      await insertMissing(
        House,
        LOOKUPS.houses_demo.map((h) => ({ ...h })),
      );
    await insertMissing(RegistrationStatus, [{ id: 1, open: 1, deadline: null }]);
  }

  /** Creates the admin if that username does not exist yet; never changes an existing password. */
  async ensureAdmin(username: string, password: string, displayName: string): Promise<void> {
    const existing = await this.ds.getRepository(User).findOneBy({ username });
    // ADMIN_USERNAME may be an e-mail address, which a parent's account may hold already (docs/product.md §11).
    if (existing && existing.role !== 'admin')
      throw new Error(`ADMIN_USERNAME ${username} is the sign-in of a parent or guardian account: choose another`);
    if (existing) return;
    const now = nowIso();
    await this.ds
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({
        role: 'admin',
        username,
        student_id: null,
        display_name: displayName,
        password_hash: await this.hasher.hash(password),
        password_reset: 0,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .orIgnore()
      .updateEntity(false)
      .execute();
    this.logger.log({ msg: 'administrator account ensured', username });
  }

  private async seedDemoSchool(): Promise<void> {
    const studentsTable = new StudentsRepository(this.ds);
    if ((await studentsTable.count()) > 0) return;
    const now = nowIso();
    const students = demoStudents(now);
    const hashes = await Promise.all(
      students.map((s) => this.hasher.hash(s.password ?? firstPassword(s.record.date_of_birth!))),
    );
    const guardianHash = await this.hasher.hash(DEMO_GUARDIAN.password);
    await this.ds.transaction(async (m) => {
      await m
        .getRepository(FormClass)
        .insert(DEMO_CLASSES.map((class_id) => ({ class_id, form_level: Number(class_id[0]) })));
      await studentsTable.insert(
        students.map((s) => s.record),
        m,
      );
      await m.getRepository(User).insert(
        students.map((s, n) => ({
          role: 'student' as const,
          student_id: s.record.id!,
          username: null,
          display_name: `${s.record.first_name} ${s.record.last_name}`,
          password_hash: hashes[n],
          password_reset: s.password ? 0 : 1,
          password_changed_at: s.password ? now : null,
          created_at: now,
          updated_at: now,
        })),
      );
      await seedDemoTermReports(
        m,
        students.map((s) => s.record),
        now,
      );
      const guardian = await m.getRepository(User).save({
        role: 'guardian' as const,
        student_id: null,
        username: DEMO_GUARDIAN.email,
        email: DEMO_GUARDIAN.email,
        display_name: DEMO_GUARDIAN.name,
        password_hash: guardianHash,
        password_reset: 0,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      });
      const links = new GuardianLinksService(this.ds, studentsTable);
      for (const id of DEMO_GUARDIAN.students) await links.link(guardian.id, id, 'system', m);
    });
    if (!this.config.admin) await this.ensureAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password, 'Demo Administrator');
    this.logger.log({ msg: 'demo school seeded', students: students.length });
  }
}
