import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { PasswordResetToken } from '../../server/auth/recovery/password-reset-token.entity.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { LoginThrottle } from '../../server/auth/sign-in/login-throttle.entity.js';
import { CacheInvalidation } from '../../server/cache/cache-invalidation.entity.js';
import { localDate } from '../../server/common/time.js';
import type { SessionUser } from '../../server/common/session-user.js';
import { StudentFile } from '../../server/files/entities/student-file.entity.js';
import { GuardianLink } from '../../server/guardian-links/entities/guardian-link.entity.js';
import { GuardianInvitation } from '../../server/guardians/entities/guardian-invitation.entity.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { RetentionPolicy } from '../../server/retention/entities/retention-policy.entity.js';
import { RegistrationRoundService } from '../../server/registration-round/registration-round.service.js';
import { StudentClass } from '../../server/school-year/entities/school-year.entities.js';
import { GuardianWrittenAddress } from '../../server/students/entities/guardian-written-address.entity.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { StudentsRepository } from '../../server/students/students.repository.js';
import { TermReport, TermReportHoldRow } from '../../server/term-reports/entities/term-report.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { REGISTER_COLUMNS, RETENTION_MESSAGES, retentionDueOn } from '../../shared/retention.js';
import { STUDENT_FIELDS } from '../../shared/student-fields.js';
import { ApiClient, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import { samplePdf } from '../fixtures/files.js';
import {
  createAdmin,
  createGuardian,
  createStudent,
  setRegistrationStatus,
  startTestApp,
  type TestApp,
} from '../fixtures/test-app.js';

// Retention of former students' personal data (docs/product.md §12.4): the setting, who is due, and the deletion,
// which keeps the school's register and leaves nothing else of her in the database files or the uploads folder.

const ADMIN = { username: 'retention-admin', password: 'Retention-Admin-Pass-1' };
const RUTH = 'R100'; // left 8 years ago: due, and deleted by the last tests
const SARA = 'R200'; // left 6 years ago: not due
const TINA = 'R300'; // a current student: never due
const UMA = 'R400'; // left 9 years ago: due, deleted in the same request as nobody else (refusals)
const RUTH_PASSWORD = 'Ruth-Retention-Pass-1';
const GUARDIAN = { email: 'ruth.mum@example.org', password: 'Ruth-Mum-Pass-1' };

// Her unique answers: searched for, as bytes, in the database files and the uploads folder.
const ALLERGY = 'Allergic to quillberry-zanthium pollen R100';
const HOME_ADDRESS = '17 Zephyrwood Quillfeather Lane';
const DOCUMENT_TEXT = 'Ruth Zephyrwood birth certificate 7734221';

let t: TestApp;
let admin: ApiClient;
let today: string;
let storedBytes: Buffer;

const yearsAgo = (years: number) => retentionDueOn(today, -years);
const row = async (id: string) => (await t.ds.query('SELECT * FROM students WHERE id = ?', [id]))[0] as Student;

async function makeFormer(ids: string[], leftOn: string): Promise<void> {
  await t.ds.transaction((m) =>
    t.app
      .get(StudentsRepository)
      .setStanding(ids, { status: 'graduated', left_on: leftOn, leaving_reason: 'Completed Form 6' }, m),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  today = localDate(new Date(), t.config.timeZone);
  await setRegistrationStatus(t, 1);
  await createAdmin(t, ADMIN.username, ADMIN.password);
  await createStudent(t, {
    id: RUTH,
    first_name: 'Ruth',
    last_name: 'Baptiste',
    password: RUTH_PASSWORD,
    class_id: '6A',
  });
  await createStudent(t, { id: SARA, first_name: 'Sara', last_name: 'Charles', class_id: '6A' });
  await createStudent(t, { id: TINA, first_name: 'Tina', last_name: 'Daniel', class_id: '5A' });
  await createStudent(t, { id: UMA, first_name: 'Uma', last_name: 'Edwards', class_id: '6B' });
  admin = await signedInAdmin(t, ADMIN.username, ADMIN.password);
}, 60_000);
afterAll(() => t.close());

describe('GET/POST /api/retention', () => {
  it('is 7 years while the school has set none', async () => {
    expect((await admin.get('/api/retention').expect(200)).body).toEqual({ years_after_leaving: 7 });
    expect(await t.ds.getRepository(RetentionPolicy).count()).toBe(0);
  });

  it('refuses anything but a whole number from 0 to 50, on the field, changing nothing', async () => {
    for (const years_after_leaving of [-1, 51, 2.5, '7', null, undefined]) {
      const res = await admin.post('/api/retention', { years_after_leaving });
      expect(res.status, JSON.stringify(years_after_leaving)).toBe(422);
      expect(res.body.errors.years_after_leaving).toContain(RETENTION_MESSAGES.years);
    }
    expect(await t.ds.getRepository(RetentionPolicy).count()).toBe(0);
  });

  it('keeps a new number, audited with the one before', async () => {
    expect((await admin.post('/api/retention', { years_after_leaving: 10 }).expect(200)).body).toEqual({
      years_after_leaving: 10,
    });
    expect((await admin.get('/api/retention').expect(200)).body).toEqual({ years_after_leaving: 10 });
    await admin.post('/api/retention', { years_after_leaving: 7 }).expect(200);
    const entries = await t.ds.getRepository(AuditEntry).find({ where: { action: 'retention.policy-changed' } });
    expect(entries.map((e) => [e.actor, e.old_value, e.new_value])).toEqual([
      [`admin:${ADMIN.username}`, '7', '10'],
      [`admin:${ADMIN.username}`, '10', '7'],
    ]);
  });

  it("is the office's only", async () => {
    const student = await signedInStudent(t, TINA, '20130517');
    expect((await student.get('/api/retention')).status).toBe(403);
    expect((await new ApiClient(t).get('/api/retention/due')).status).toBe(401);
  });
});

describe('GET /api/retention/due', () => {
  beforeAll(async () => {
    await makeFormer([RUTH], yearsAgo(8));
    await makeFormer([SARA], yearsAgo(6));
    await makeFormer([UMA], yearsAgo(9));
  });

  it('lists former students who left more than the years kept ago, longest due first; never current ones', async () => {
    const { due } = (await admin.get('/api/retention/due').expect(200)).body as { due: { id: string }[] };
    expect(due).toEqual([
      {
        id: UMA,
        first_name: 'Uma',
        last_name: 'Edwards',
        left_on: yearsAgo(9),
        due_on: retentionDueOn(yearsAgo(9), 7),
      },
      {
        id: RUTH,
        first_name: 'Ruth',
        last_name: 'Baptiste',
        left_on: yearsAgo(8),
        due_on: retentionDueOn(yearsAgo(8), 7),
      },
    ]);
  });

  it('follows the setting: with 5 years, the student who left 6 years ago is due too', async () => {
    await admin.post('/api/retention', { years_after_leaving: 5 }).expect(200);
    const { due } = (await admin.get('/api/retention/due').expect(200)).body as { due: { id: string }[] };
    expect(due.map((d) => d.id)).toEqual([UMA, RUTH, SARA]);
    await admin.post('/api/retention', { years_after_leaving: 7 }).expect(200);
  });
});

describe('POST /api/retention/scrub', () => {
  let guardianId: number;
  let ruthAccountId: number;
  let before: Student;

  /** Everything held of Ruth besides her register: record, document, e-mail, guardian, invitation, sessions. */
  beforeAll(async () => {
    // Made current again while she fills in her record and uploads a document, then former again.
    await t.ds.transaction((m) =>
      t.app.get(StudentsRepository).setStanding([RUTH], { status: 'current', left_on: null, leaving_reason: null }, m),
    );
    const ruth = await signedInStudent(t, RUTH, RUTH_PASSWORD);
    await ruth
      .post('/api/student', {
        id: RUTH,
        middle_name: 'Grace',
        allergy: ALLERGY,
        home_address: HOME_ADDRESS,
        email: 'ruth.baptiste@example.org',
        mother_name: 'Maria Baptiste',
        hepatitis: 1,
      })
      .expect(200);
    await ruth.post('/api/student', { id: RUTH, home_address: `${HOME_ADDRESS} (upstairs)` }).expect(200);
    await ruth
      .storeFile(RUTH, 'birth_certificate', [{ bytes: samplePdf(DOCUMENT_TEXT), name: 'birth.pdf' }])
      .expect(200);
    await ruth
      .storeFile(RUTH, 'birth_certificate', [{ bytes: samplePdf(`${DOCUMENT_TEXT} v2`), name: 'b2.pdf' }])
      .expect(200);
    storedBytes = await ruth.currentFile(RUTH, 'birth_certificate');
    // Her registration kept when a year closed (as a rollover keeps it), and its PDF made.
    const year = ((await admin.get('/api/school-year').expect(200)).body as { year: number }).year;
    await t.ds.transaction((m) =>
      t.app
        .get(RegistrationRoundService)
        .closeYear(
          { id: 0, role: 'admin', username: ADMIN.username } as SessionUser,
          year - 1,
          { all: [RUTH], returning: [] },
          m,
        ),
    );
    await admin.get(`/api/registration-form/${RUTH}?year=${year - 1}`).expect(200);
    expect(filesUnder(path.join(t.config.uploadsDir, 'forms'))).toHaveLength(1);
    await makeFormer([RUTH], yearsAgo(8));

    guardianId = await createGuardian(t, { email: GUARDIAN.email, password: GUARDIAN.password, students: [RUTH] });
    await signedInGuardian(t, GUARDIAN.email, GUARDIAN.password);
    const now = new Date().toISOString();
    await t.ds.getRepository(GuardianInvitation).insert({
      token_hash: 'a'.repeat(64),
      student_id: RUTH,
      email: 'ruth.dad@example.org',
      invited_by: `student:${RUTH}`,
      invited_by_user_id: null,
      created_at: now,
      expires_at: now,
      used_at: null,
    });
    await t.ds.getRepository(GuardianWrittenAddress).insert({
      student_id: RUTH,
      field: 'email_mother',
      written_by: 'guardian',
      written_at: now,
    });
    await t.ds.getRepository(OutboxMessage).insert({
      kind: 'password-reset',
      to_address: 'ruth.baptiste@example.org',
      subject: 'Your password',
      text_body: `Dear Ruth, of ${HOME_ADDRESS}`,
      html_body: `<p>Dear Ruth, of ${HOME_ADDRESS}</p>`,
      student_id: RUTH,
      guardian_id: null,
      dedupe_key: null,
      status: 'kept',
      attempts: 0,
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      queued_at: now,
      sent_at: null,
      updated_at: now,
    });
    ruthAccountId = (await t.ds.getRepository(User).findOneByOrFail({ student_id: RUTH })).id;
    await t.ds.getRepository(PasswordResetToken).insert({
      user_id: ruthAccountId,
      token_hash: 'b'.repeat(64),
      created_at: now,
      expires_at: now,
      used_at: null,
    });
    // A wrong password on her sign-in name leaves a count.
    await new ApiClient(t).loginStudent(RUTH, 'Not-Her-Password-1');
    await t.ds.getRepository(StudentClass).insert({ student_id: RUTH, year: 2018, class_id: '5A' });
    await t.ds.getRepository(TermReport).insert({
      student_id: RUTH,
      year: 2018,
      term: 1,
      class_id: '5A',
      form_level: 5,
      days_absent: 2,
      times_late: 0,
      conduct: 'Good',
      form_teacher_remarks: 'A steady term',
      principal_remarks: null,
      next_term_begins: null,
      created_at: now,
      updated_at: now,
    } as Partial<TermReport>);
    // The office held her card back, in its own words about her.
    await t.ds.getRepository(TermReportHoldRow).insert({
      student_id: RUTH,
      year: 2018,
      term: 1,
      reason: 'Zephyrwood fees outstanding',
      held_by: 'admin:retention-admin',
      held_at: now,
    });
    before = await row(RUTH);
  }, 60_000);

  /** What the tables hold of Ruth besides her students row. */
  async function heldOfRuth() {
    return {
      files: await t.ds.getRepository(StudentFile).countBy({ student_id: RUTH }),
      outbox: await t.ds.getRepository(OutboxMessage).countBy({ student_id: RUTH }),
      links: await t.ds.getRepository(GuardianLink).countBy({ student_id: RUTH }),
      invitations: await t.ds.getRepository(GuardianInvitation).countBy({ student_id: RUTH }),
      writtenAddresses: await t.ds.getRepository(GuardianWrittenAddress).countBy({ student_id: RUTH }),
      account: await t.ds.getRepository(User).countBy({ student_id: RUTH }),
      sessions: await t.ds.getRepository(SessionRow).countBy({ user_id: ruthAccountId }),
      resetTokens: await t.ds.getRepository(PasswordResetToken).countBy({ user_id: ruthAccountId }),
      throttle: (await t.ds.getRepository(LoginThrottle).find()).filter((r) => r.login_key.includes(RUTH.toLowerCase()))
        .length,
      holds: await t.ds.getRepository(TermReportHoldRow).countBy({ student_id: RUTH }),
      auditValues: (await t.ds.getRepository(AuditEntry).findBy({ entity_id: RUTH })).filter(
        (e) => e.old_value !== null || e.new_value !== null,
      ).length,
    };
  }

  it('holds all of it before (so the deletion below is proven)', async () => {
    const held = await heldOfRuth();
    expect(held).toMatchObject({
      files: 2,
      outbox: 1,
      links: 1,
      invitations: 1,
      writtenAddresses: 1,
      account: 1,
      resetTokens: 1,
      throttle: 1,
      holds: 1,
    });
    expect(held.sessions).toBeGreaterThan(0);
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: guardianId })).toBe(1);
    expect(held.auditValues).toBeGreaterThan(2);
    expect(before.allergy).toBe(ALLERGY);
  });

  it('refuses a student not due, naming her, and deletes nobody of the request', async () => {
    for (const ids of [[RUTH, SARA], [TINA], ['NOPE1']]) {
      const res = await admin.post('/api/retention/scrub', { student_ids: ids, password: ADMIN.password });
      expect(res.status).toBe(422);
      const notDue = ids.filter((id) => id !== RUTH);
      expect(res.body.errors.student_ids).toEqual([RETENTION_MESSAGES.notDue(notDue)]);
    }
    expect(await row(RUTH)).toEqual(before);
    expect((await heldOfRuth()).files).toBe(2);
  });

  it('refuses a wrong password or none on the password field, changing nothing', async () => {
    const wrong = await admin.post('/api/retention/scrub', { student_ids: [RUTH], password: 'Not-The-Admin-Pass-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    const none = await admin.post('/api/retention/scrub', { student_ids: [RUTH], password: '' });
    expect(none.status).toBe(422);
    expect(none.body.errors.password).toEqual(['Please enter your password.']);
    const nobody = await admin.post('/api/retention/scrub', { student_ids: [], password: ADMIN.password });
    expect(nobody.body.errors.student_ids).toEqual([RETENTION_MESSAGES.noStudents]);
    expect(await row(RUTH)).toEqual(before);
    expect((await heldOfRuth()).outbox).toBe(1);
  });

  it('finds her unique answers in the raw database files and the uploads folder before the deletion', async () => {
    expect(await foundIn()).toEqual({ allergy: true, address: true, document: true });
  });

  it("keeps another student's entries whose values merely contain her ID", async () => {
    // A current student's answer that happens to hold the characters of Ruth's ID: her entry is not Ruth's.
    await admin.post('/api/student', { id: TINA, previous_school: `Form ${RUTH} Annex` }).expect(200);
    const before = await t.ds.getRepository(AuditEntry).findOneByOrFail({ entity_id: TINA, field: 'previous_school' });
    expect(before.new_value).toContain(RUTH);
  });

  it('keeps the register and deletes everything else of her', async () => {
    const res = await admin.post('/api/retention/scrub', { student_ids: [RUTH], password: ADMIN.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ scrubbed: 1 });

    const after = await row(RUTH);
    for (const column of REGISTER_COLUMNS.filter((c) => c !== 'scrubbed_at'))
      expect(after[column as keyof Student], column).toEqual(before[column as keyof Student]);
    expect(after.middle_name).toBe('Grace');
    expect(after.scrubbed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const f of STUDENT_FIELDS.filter((s) => !(REGISTER_COLUMNS as readonly string[]).includes(s.name)))
      expect(after[f.name as keyof Student], f.name).toBe(f.kind === 'flag' ? 0 : null);
    expect(after.terms_version).toBeNull();

    expect(await heldOfRuth()).toEqual({
      files: 0,
      outbox: 0,
      links: 0,
      invitations: 0,
      writtenAddresses: 0,
      account: 0,
      sessions: 0,
      resetTokens: 0,
      throttle: 0,
      holds: 0,
      auditValues: 0,
    });
    const entries = await t.ds.getRepository(AuditEntry).findBy({ entity_id: RUTH });
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.every((e) => e.scrubbed === 1)).toBe(true);
    // The register stays: her class history and her report cards.
    expect(await t.ds.getRepository(StudentClass).countBy({ student_id: RUTH })).toBe(1);
    expect(await t.ds.getRepository(TermReport).countBy({ student_id: RUTH })).toBe(1);
    // Her guardian's account stays (she may have other daughters), without the link; her sessions ended.
    expect(await t.ds.getRepository(User).countBy({ id: guardianId })).toBe(1);
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: guardianId })).toBe(0);
    // Every instance forgets the registration forms it keeps of her (told through the shared cache's table).
    expect(await t.ds.getRepository(CacheInvalidation).countBy({ cache_key: `registration-forms:${RUTH}` })).toBe(1);
    // The deletion itself is audited by count only.
    const scrubbed = await t.ds.getRepository(AuditEntry).findBy({ action: 'retention.scrubbed' });
    expect(scrubbed.map((e) => [e.actor, e.entity_id, e.old_value, e.new_value])).toEqual([
      [`admin:${ADMIN.username}`, null, null, '{"count":1}'],
    ]);
    // Nobody else was touched; she is no longer due, and cannot sign in.
    expect((await row(UMA)).sex).toBe('Female');
    const { due } = (await admin.get('/api/retention/due').expect(200)).body as { due: { id: string }[] };
    expect(due.map((d) => d.id)).toEqual([UMA]);
    expect((await new ApiClient(t).loginStudent(RUTH, RUTH_PASSWORD)).status).not.toBe(200);
    expect((await admin.get(`/api/get-files/${RUTH}`).expect(200)).body).toEqual([]);
  });

  it("left the other student's entry as it was", async () => {
    const after = await t.ds.getRepository(AuditEntry).findOneByOrFail({ entity_id: TINA, field: 'previous_school' });
    expect(after).toMatchObject({ new_value: `Form ${RUTH} Annex`, scrubbed: 0 });
  });

  it('leaves nothing of her answers in the raw database files or the uploads folder', async () => {
    expect(await foundIn()).toEqual({ allergy: false, address: false, document: false });
    // Her kept year went too: its answers (searched above) and its form's PDF.
    expect(filesUnder(path.join(t.config.uploadsDir, 'forms'))).toEqual([]);
  });

  it('refuses her a second time: she is no longer due', async () => {
    const res = await admin.post('/api/retention/scrub', { student_ids: [RUTH], password: ADMIN.password });
    expect(res.status).toBe(422);
    expect(res.body.errors.student_ids).toEqual([RETENTION_MESSAGES.notDue([RUTH])]);
  });
});

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Whether her answers can still be found. SQLite: the raw bytes of the database and its -wal and -shm files. MariaDB:
 * every row of every table of the database, read with SQL; InnoDB's own files are not searched, because the server
 * owns them (they may sit on another machine, and it may hold pages in memory and write them back later), so a search
 * of them could neither fail nor pass reliably here: docs/operations.md says what they keep. The uploads folder: the
 * bytes of every file under it.
 */
async function foundIn(): Promise<{ allergy: boolean; address: boolean; document: boolean }> {
  const needles = { allergy: Buffer.from(ALLERGY), address: Buffer.from(HOME_ADDRESS) };
  const found = { allergy: false, address: false };
  if (t.engine === 'sqlite') {
    const db = path.join(t.config.dataDir, 'portal.sqlite');
    expect(existsSync(db)).toBe(true);
    for (const file of [db, `${db}-wal`, `${db}-shm`].filter((f) => existsSync(f))) {
      const bytes = readFileSync(file);
      for (const key of ['allergy', 'address'] as const) if (bytes.includes(needles[key])) found[key] = true;
    }
  } else {
    const tables = (await t.ds.query(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
    )) as { name: string }[];
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      const text = JSON.stringify(await t.ds.query(`SELECT * FROM \`${name}\``));
      for (const key of ['allergy', 'address'] as const) if (text.includes(needles[key].toString())) found[key] = true;
    }
  }
  const document = filesUnder(t.config.uploadsDir).some((f) => readFileSync(f).includes(storedBytes));
  return { ...found, document };
}
