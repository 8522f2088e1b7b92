import { Inject, Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { COLOR } from '../../../shared/design-tokens.js';
import { DataSource, type EntityManager } from 'typeorm';
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
import { FilesService } from '../../files/files.service.js';
import { tinyPdf } from '../../files/tiny-pdf.js';
import { RegistrationRoundService } from '../../registration-round/registration-round.service.js';
import { SchoolYearService } from '../../school-year/school-year.service.js';
import { StudentClassesRepository } from '../../school-year/student-classes.repository.js';
import type { DocumentType } from '../../../shared/constants.js';
import {
  DEMO_ADMIN,
  DEMO_CLASSES,
  DEMO_GUARDIAN,
  DEMO_RETURNING,
  demoFormerStudents,
  demoStudents,
} from './demo-school.js';
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
    private readonly files: FilesService,
    private readonly rounds: RegistrationRoundService,
    private readonly schoolYear: SchoolYearService,
    private readonly history: StudentClassesRepository,
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

  /**
   * The demo's returning student (DEMO_RETURNING): her documents, her class of last year in the register, and last
   * year's registration kept as a rollover keeps it (her agreement of last year then no longer counts).
   */
  private async seedReturning(now: string, m: EntityManager): Promise<void> {
    const { id, lastYearClass } = DEMO_RETURNING;
    const pdf = (type: DocumentType) => ({
      student_id: id,
      file_type: type,
      name: `${type}.pdf`,
      mime: 'application/pdf' as const,
      bytes: tinyPdf(`${type.replaceAll('_', ' ')} of ${id}`),
    });
    const picture = await sharp({ create: { width: 300, height: 400, channels: 3, background: COLOR.primaryBorder } })
      .jpeg()
      .toBuffer();
    await this.files.storeSeeded(
      [
        pdf('birth_certificate'),
        pdf('immunization_card'),
        pdf('sea_slip'),
        { student_id: id, file_type: 'picture', name: 'picture.jpg', mime: 'image/jpeg', bytes: picture },
      ],
      now,
      m,
    );
    const lastYear = (await this.schoolYear.current(m)) - 1;
    const [{ class_id: classNow }] = await this.students.list(['class_id'], { ids: [id] }, m);
    await this.students.update(id, { class_id: lastYearClass }, m);
    await this.rounds.closeYear(null, lastYear, { all: [id], returning: [id] }, m);
    await this.students.update(id, { class_id: classNow }, m);
    await this.history.add(lastYear, [{ student_id: id, class_id: lastYearClass }], m);
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
      await this.seedReturning(now, m);
    });
    if (!this.config.admin) await this.ensureAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password, 'Demo Administrator');
    this.logger.log({ msg: 'demo school seeded', students: students.length });
  }
}
