import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { firstPassword } from '../../../shared/first-password.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PasswordHasher } from '../../users/password-hasher.js';
import { nowIso } from '../../common/time.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { GuardianLinksService } from '../../guardian-links/guardian-links.service.js';
import { RegistrationWindow } from '../../students/registration-window.js';
import { StudentsRepository } from '../../students/students.repository.js';
import { TermReportRows } from '../../term-reports/term-report-rows.js';
import { UsersService } from '../../users/users.service.js';
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_GUARDIAN, demoFormerStudents, demoStudents } from './demo-school.js';
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
    private readonly lookups: LookupsService,
    private readonly window: RegistrationWindow,
    private readonly users: UsersService,
    private readonly students: StudentsRepository,
    private readonly links: GuardianLinksService,
    private readonly termReports: TermReportRows,
  ) {}

  async run(): Promise<void> {
    await this.seedLookups();
    if (this.config.admin)
      await this.ensureAdmin(this.config.admin.username, this.config.admin.password, 'Administrator');
    if (this.config.seedDemo) await this.seedDemoSchool();
  }

  /** Adds missing lookup rows and the registration window's row; never changes existing ones. */
  async seedLookups(): Promise<void> {
    await this.lookups.addMissing({
      towns: LOOKUPS.towns,
      regions: LOOKUPS.regional_corporations,
      religions: LOOKUPS.religions.map((r) => ({ ...r })),
      ethnicGroups: LOOKUPS.ethnic_groups.map((g) => ({ ...g })),
      placeholderHouses: LOOKUPS.houses_demo.map((h) => ({ ...h })),
    });
    await this.window.ensureSetting();
  }

  /** Creates the admin if that username does not exist yet; never changes an existing password. */
  async ensureAdmin(username: string, password: string, displayName: string): Promise<void> {
    const existing = await this.users.findByUsername(username);
    // ADMIN_USERNAME may be an e-mail address, which a parent's account may hold already (docs/product.md §11).
    if (existing && existing.role !== 'admin')
      throw new Error(`ADMIN_USERNAME ${username} is the sign-in of a parent or guardian account: choose another`);
    if (existing) return;
    const now = nowIso();
    await this.users.insertMany(
      [
        {
          role: 'admin',
          username,
          student_id: null,
          display_name: displayName,
          password_hash: await this.hasher.hash(password),
          password_reset: 0,
          password_changed_at: now,
          created_at: now,
          updated_at: now,
        },
      ],
      undefined,
      { ignoreExisting: true },
    );
    this.logger.log({ msg: 'administrator account ensured', username });
  }

  private async seedDemoSchool(): Promise<void> {
    if ((await this.students.count()) > 0) return;
    const now = nowIso();
    const current = demoStudents(now);
    const students = [...current, ...demoFormerStudents(now)];
    const hashes = await Promise.all(
      students.map((s) => this.hasher.hash(s.password ?? firstPassword(s.record.date_of_birth!))),
    );
    const guardianHash = await this.hasher.hash(DEMO_GUARDIAN.password);
    await this.ds.transaction(async (m) => {
      await this.lookups.addFormClasses(DEMO_CLASSES, m);
      await this.students.insert(
        students.map((s) => s.record),
        m,
      );
      await this.users.insertMany(
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
        m,
      );
      await seedDemoTermReports(
        this.termReports,
        m,
        current.map((s) => s.record),
        now,
      );
      const guardian = await this.users.create(
        {
          role: 'guardian',
          student_id: null,
          username: DEMO_GUARDIAN.email,
          email: DEMO_GUARDIAN.email,
          display_name: DEMO_GUARDIAN.name,
          password_hash: guardianHash,
          password_reset: 0,
          password_changed_at: now,
        },
        m,
      );
      for (const id of DEMO_GUARDIAN.students) await this.links.link(guardian.id, id, 'system', m);
    });
    if (!this.config.admin) await this.ensureAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password, 'Demo Administrator');
    this.logger.log({ msg: 'demo school seeded', students: students.length });
  }
}
