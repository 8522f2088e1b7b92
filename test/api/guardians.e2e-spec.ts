import type { ParsedMail } from 'mailparser';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { GuardianInvitation } from '../../server/guardians/entities/guardian-invitation.entity.js';
import { GuardianLink } from '../../server/guardian-links/entities/guardian-link.entity.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { OutboxSender } from '../../server/mail/outbox-sender.js';
import { TermReport } from '../../server/term-reports/entities/term-report.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import type { StudentImportResult } from '../../shared/admin-types.js';
import {
  GUARDIAN_MESSAGES,
  type GuardianInvitationInfo,
  type GuardianLoginResponse,
  type StudentGuardians,
} from '../../shared/guardians.js';
import {
  ApiClient,
  expectStatus,
  expectWaitStated,
  signedInAdmin,
  signedInGuardian,
  signedInStudent,
} from '../fixtures/api-client.js';
import { samplePdf } from '../fixtures/files.js';
import { addresses, invitationToken, resetToken, startSmtp, type TestSmtp } from '../fixtures/smtp.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Guardian accounts end to end (docs/product.md §11) against a real SMTP server on loopback: an invitation by
// e-mail, the account it creates, a mother acting for her daughters through the students' own routes and nobody
// else's, the office ending a link, the import's invitations and the notices a guardian receives.

let t: TestApp;
let smtp: TestSmtp;
let admin: ApiClient;
const PUBLIC_URL = 'https://portal.example.tt';
const YEAR = 2025;

const AISHA = { id: 'G1001', first_name: 'Aisha', last_name: 'Mohammed', class_id: '2A' };
const ZARA = { id: 'G1002', first_name: 'Zara', last_name: 'Mohammed', class_id: '4B' };
const OTHER = { id: 'G2001', first_name: 'Other', last_name: 'Girl', class_id: '2A' };
const MUM = 'Nadia.Mohammed@example.tt';
const MUM_PASSWORD = 'Hummingbird-Nest-7';

/** Sends what is due and waits until `count` messages in all have arrived. */
async function deliver(count: number): Promise<ParsedMail[]> {
  await t.app.get(PasswordRecoveryService).settle();
  await t.app.get(OutboxSender).deliverDue();
  await t.app.get(OutboxSender).settle();
  return smtp.waitFor(count);
}

/** The office invites `email` for the student; answers the token the e-mail carries. */
async function invite(studentId: string, email: string, by: ApiClient = admin): Promise<string> {
  const before = smtp.received.length;
  await expectStatus(by.post('/api/guardians/invite', { student_id: studentId, email }), 201);
  await deliver(before + 1);
  // (A notice queued earlier may arrive in between: the invitation is the message with its link.)
  const invitations = () =>
    smtp.received
      .slice(before)
      .filter((m) => invitationToken(m) !== null && addresses(m).includes(email.toLowerCase()));
  await expect.poll(() => invitations().length).toBe(1);
  const [mail] = invitations();
  return invitationToken(mail)!;
}

function upload(c: ApiClient, id: string) {
  return c.agent
    .post('/api/store-file')
    .set('X-XSRF-TOKEN', c.xsrfToken())
    .field('id', id)
    .field('file_type', 'birth_certificate')
    .attach('file', samplePdf('Birth certificate'), 'birth.pdf');
}

async function importFile(rows: (string | null)[][], dryRun: boolean) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  return admin.agent
    .post(`/api/import-students${dryRun ? '?dry_run=1' : ''}`)
    .set('X-XSRF-TOKEN', admin.xsrfToken())
    .attach('file', file, 'students.xlsx');
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '3600' } });
  await createAdmin(t);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  for (const s of [AISHA, ZARA, OTHER]) await createStudent(t, { ...s, password: `${s.first_name}-Pass-2026` });
  const now = new Date().toISOString();
  for (const s of [AISHA, ZARA, OTHER])
    for (const term of [1, 2])
      await t.ds.getRepository(TermReport).insert({
        student_id: s.id,
        year: YEAR,
        term,
        class_id: s.class_id,
        form_level: Number(s.class_id[0]),
        created_at: now,
        updated_at: now,
      });
  await expectStatus(admin.post('/api/post-term-reports', { year: YEAR, term: 1, posted: 1 }), 200);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('a mother of two', () => {
  let mum: ApiClient;

  it('accepts an invitation from her e-mail, which creates her account and signs her in', async () => {
    const token = await invite(AISHA.id, MUM);
    const mail = smtp.received.find((m) => invitationToken(m) === token)!;
    expect(mail.subject).toMatch(/^Follow Aisha's registration on the school portal · /);
    expect(mail.text).toContain(`${PUBLIC_URL}/guardian-invitation?token=${token}`);
    // Only the token's hash is stored.
    const row = await t.ds.getRepository(GuardianInvitation).findOneByOrFail({ email: MUM.toLowerCase() });
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    mum = await new ApiClient(t).primeCsrf();
    const info = (await expectStatus(mum.post('/api/guardians/invitation', { token }), 200))
      .body as GuardianInvitationInfo;
    expect(info).toMatchObject({ email: MUM.toLowerCase(), student_first_name: 'Aisha', account_exists: false });
    // Her name and a password under the policy are needed; a refused password keeps the link.
    const short = await expectStatus(
      mum.post('/api/guardians/accept', { token, name: 'Nadia', password: 'short' }),
      422,
    );
    expect(short.body.errors.password).toBeDefined();
    const noName = await expectStatus(mum.post('/api/guardians/accept', { token, password: MUM_PASSWORD }), 422);
    expect(noName.body.errors.name).toEqual([GUARDIAN_MESSAGES.nameRequired]);
    const accepted = await expectStatus(
      mum.post('/api/guardians/accept', { token, name: 'Nadia Mohammed', password: MUM_PASSWORD }),
      200,
    );
    expect(accepted.body).toEqual({
      name: 'Nadia Mohammed',
      initials: 'NM',
      role: 'guardian',
      email: MUM.toLowerCase(),
      students: [{ id: AISHA.id, first_name: 'Aisha', last_name: 'Mohammed', class_id: '2A' }],
    } satisfies GuardianLoginResponse);
    const session = await expectStatus(mum.get('/api/session'), 200);
    expect(session.body.user).toMatchObject({ role: 'guardian', email: MUM.toLowerCase() });
    // Used once.
    await expectStatus(mum.post('/api/guardians/invitation', { token }), 410);
    const again = await expectStatus(
      new ApiClient(t)
        .primeCsrf()
        .then((c) => c.post('/api/guardians/accept', { token, name: 'X', password: MUM_PASSWORD })),
      410,
    );
    expect(again.body.message).toBe(GUARDIAN_MESSAGES.invitationGone);
  });

  it('adds her second daughter by the next invitation while signed in, without a second account', async () => {
    const token = await invite(ZARA.id, MUM.toUpperCase());
    const anonymous = await new ApiClient(t).primeCsrf();
    const info = (await expectStatus(anonymous.post('/api/guardians/invitation', { token }), 200))
      .body as GuardianInvitationInfo;
    expect(info.account_exists).toBe(true);
    // Not signed in: she must sign in with her account first.
    const exists = await expectStatus(
      anonymous.post('/api/guardians/accept', { token, name: 'Nadia', password: MUM_PASSWORD }),
      409,
    );
    expect(exists.body.message).toBe(GUARDIAN_MESSAGES.accountExists);
    // Signed in as somebody else: refused, the link still works.
    const stranger = await createGuardian(t, {
      email: 'someone.else@example.tt',
      password: 'Someone-Else-Pass-1',
      students: [],
    });
    expect(stranger).toBeGreaterThan(0);
    const other = await signedInGuardian(t, 'someone.else@example.tt', 'Someone-Else-Pass-1');
    const refused = await expectStatus(other.post('/api/guardians/accept', { token }), 403);
    expect(refused.body.message).toBe(GUARDIAN_MESSAGES.otherAccount(MUM.toLowerCase()));

    const linked = await expectStatus(mum.post('/api/guardians/accept', { token }), 200);
    expect((linked.body as GuardianLoginResponse).students.map((s) => s.id)).toEqual([AISHA.id, ZARA.id]);
    expect(await t.ds.getRepository(GuardianLink).countBy({ student_id: ZARA.id })).toBe(1);
    expect((await expectStatus(mum.get('/api/my-students'), 200)).body).toEqual([
      { id: AISHA.id, first_name: 'Aisha', last_name: 'Mohammed', class_id: '2A' },
      { id: ZARA.id, first_name: 'Zara', last_name: 'Mohammed', class_id: '4B' },
    ]);
  });

  it('signs in once with her e-mail, in any case, and reads and saves each daughter’s record', async () => {
    mum = await signedInGuardian(t, MUM.toUpperCase(), MUM_PASSWORD);
    const wrong = await expectStatus(new ApiClient(t).loginGuardian(MUM, 'not-her-password'), 422);
    expect(wrong.body.errors.email).toEqual(['These credentials do not match our records.']);

    for (const s of [AISHA, ZARA]) {
      const record = await expectStatus(mum.get(`/api/student-record/${s.id}`), 200);
      expect(record.body[0].first_name).toBe(s.first_name);
      await expectStatus(mum.post('/api/student', { id: s.id, middle_name: `${s.first_name}-middle` }), 200);
    }
    const saved = await t.ds.query('SELECT id, middle_name FROM students WHERE id IN (?, ?) ORDER BY id', [
      AISHA.id,
      ZARA.id,
    ]);
    expect(saved).toEqual([
      { id: AISHA.id, middle_name: 'Aisha-middle' },
      { id: ZARA.id, middle_name: 'Zara-middle' },
    ]);
    // Audited with her as the actor.
    const entry = await t.ds.getRepository(AuditEntry).findOneByOrFail({ entity_id: ZARA.id, field: 'middle_name' });
    expect(entry.actor).toBe(`guardian: Nadia Mohammed <${MUM.toLowerCase()}>`);
  });

  it('uploads for a daughter, opens the file, the form and a posted report card; an unposted card is 403', async () => {
    const stored = await expectStatus(upload(mum, AISHA.id), 200);
    const files = (await expectStatus(mum.get(`/api/get-files/${AISHA.id}`), 200)).body as { url: string }[];
    expect(files).toHaveLength(1);
    expect(stored.body.file).toBeDefined();
    await expectStatus(mum.download(new URL(files[0].url, 'http://x').pathname), 200);
    await expectStatus(mum.download(`/api/registration-form/${AISHA.id}`), 200);
    const terms = await expectStatus(mum.get(`/api/report-card-terms/${ZARA.id}`), 200);
    expect(terms.body.map((x: { term: number; posted: number }) => [x.term, x.posted])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    await expectStatus(mum.download(`/api/report-card/${ZARA.id}/${YEAR}/1`), 200);
    await expectStatus(mum.download(`/api/report-card/${ZARA.id}/${YEAR}/2`), 403);
  });

  it('reaches no other student by any route, nor her daughter’s password', async () => {
    for (const path of [
      `/api/student-record/${OTHER.id}`,
      `/api/user/${OTHER.id}`,
      `/api/get-files/${OTHER.id}`,
      `/api/registration-form/${OTHER.id}`,
      `/api/report-card-terms/${OTHER.id}`,
      `/api/report-card/${OTHER.id}/${YEAR}/1`,
      `/api/students/${AISHA.id}/guardians`,
      '/api/students',
    ])
      await expectStatus(mum.get(path), 403);
    await expectStatus(mum.post('/api/student', { id: OTHER.id, middle_name: 'x' }), 403);
    await expectStatus(upload(mum, OTHER.id), 403);
    // An id spelled in another case is not hers either.
    await expectStatus(mum.get(`/api/student-record/${AISHA.id.toLowerCase()}`), 403);
    // Another student's file by its id.
    const otherGirl = await signedInStudent(t, OTHER.id, 'Other-Pass-2026');
    await expectStatus(upload(otherGirl, OTHER.id), 200);
    const [file] = (await expectStatus(otherGirl.get(`/api/get-files/${OTHER.id}`), 200)).body as { url: string }[];
    await expectStatus(mum.get(new URL(file.url, 'http://x').pathname), 403);
    // She cannot change her daughter's password, nor invite for her.
    await expectStatus(
      mum.post('/api/change-password-student', { student_id: AISHA.id, old_password: 'x', password: 'New-Pass-2026!' }),
      403,
    );
    await expectStatus(mum.post('/api/guardians/invite', { student_id: AISHA.id, email: 'dad@example.tt' }), 403);
  });

  it('changes her own password with her e-mail as the account name; her daughters are told nothing', async () => {
    const before = smtp.received.length;
    await expectStatus(
      mum.post('/api/change-password-student', {
        student_id: MUM,
        old_password: MUM_PASSWORD,
        password: `${MUM_PASSWORD}-2`,
      }),
      200,
    );
    const mails = await deliver(before + 1);
    expect(mails.slice(before).map(addresses)).toEqual([[MUM.toLowerCase()]]);
    expect(mails.at(-1)!.text).toContain(`parent or guardian account ${MUM.toLowerCase()}`);
    await expectStatus(
      mum.post('/api/change-password-student', {
        student_id: MUM,
        old_password: `${MUM_PASSWORD}-2`,
        password: MUM_PASSWORD,
      }),
      200,
    );
    await deliver(before + 2);
  });
});

describe('notices', () => {
  beforeEach(() => t.ds.query('DELETE FROM outbox'));

  it('a card and a password change reach her linked guardians, once per address; a reset link never', async () => {
    // Her mother's address is on the record too: one notice for it, whatever its case.
    await t.ds.query('UPDATE students SET email_mother = ?, living_status = ? WHERE id = ?', [
      MUM.toUpperCase(),
      'Mother Only',
      AISHA.id,
    ]);
    await expectStatus(admin.post('/api/post-term-reports', { year: YEAR, term: 2, posted: 1 }), 200);
    const cards = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'report-card' });
    const byStudent = (id: string) =>
      cards
        .filter((m) => m.student_id === id)
        .map((m) => m.to_address.toLowerCase())
        .sort();
    expect(byStudent(AISHA.id)).toEqual([MUM.toLowerCase()]);
    expect(byStudent(ZARA.id)).toEqual([MUM.toLowerCase()]);
    expect(byStudent(OTHER.id)).toEqual([]);
    await expectStatus(admin.post('/api/post-term-reports', { year: YEAR, term: 2, posted: 0 }), 200);

    // Zara changes her password: her mother's account is told.
    const zara = await signedInStudent(t, ZARA.id, 'Zara-Pass-2026');
    await expectStatus(
      zara.post('/api/change-password-student', {
        student_id: ZARA.id,
        old_password: 'Zara-Pass-2026',
        password: 'Zara-Pass-2027',
      }),
      200,
    );
    const changed = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'password-changed' });
    expect(changed.map((m) => m.to_address.toLowerCase())).toEqual([MUM.toLowerCase()]);

    // A reset link for Zara goes to her record's addresses only (she has none): the guardian may not use it.
    await expectStatus(
      new ApiClient(t).primeCsrf().then((c) => c.post('/api/forgot-password', { student_id: ZARA.id })),
      202,
    );
    await t.app.get(PasswordRecoveryService).settle();
    expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'password-reset' })).toBe(0);
  });

  it('a registration reminder reaches the linked guardian', async () => {
    const res = await expectStatus(admin.post('/api/registration-reminders', { student_ids: [ZARA.id] }), 200);
    expect(res.body).toMatchObject({ students: 1, without_address: 0 });
    const rows = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'registration-reminder' });
    expect(rows.map((m) => m.to_address.toLowerCase())).toEqual([MUM.toLowerCase()]);
  });
});

describe('a forgotten guardian password', () => {
  it('sends a link to her address that sets a new password and signs her in', async () => {
    const before = smtp.received.length;
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/guardian-forgot-password', { email: MUM.toUpperCase() }), 202);
    await expectStatus(visitor.post('/api/guardian-forgot-password', { email: 'nobody@example.tt' }), 202);
    await deliver(before + 1);
    // (A notice queued above may arrive in between: the reset message is the one with a link.)
    const resets = () => smtp.received.slice(before).filter((m) => resetToken(m) !== null);
    await expect.poll(() => resets().length).toBe(1);
    const [mail] = resets();
    expect(addresses(mail)).toEqual([MUM.toLowerCase()]);
    const token = resetToken(mail)!;
    expect((await expectStatus(visitor.post('/api/reset-password/check', { token }), 200)).body).toEqual({
      account: 'guardian',
    });
    const reset = await expectStatus(
      visitor.post('/api/reset-password', { token, password: 'Nadia-Recovered-9' }),
      200,
    );
    expect(reset.body).toMatchObject({ role: 'guardian', email: MUM.toLowerCase() });
    await expectStatus(visitor.get(`/api/student-record/${AISHA.id}`), 200);
    await signedInGuardian(t, MUM, 'Nadia-Recovered-9');
  });
});

describe('the office', () => {
  it('sees her guardians and pending invitations; unlinking ends her access and her sessions at once', async () => {
    await invite(AISHA.id, 'father@example.tt');
    const list = (await expectStatus(admin.get(`/api/students/${AISHA.id}/guardians`), 200)).body as StudentGuardians;
    expect(list.guardians.map((g) => [g.name, g.email])).toEqual([['Nadia Mohammed', MUM.toLowerCase()]]);
    expect(list.invitations.map((i) => [i.email, i.invited_by])).toEqual([['father@example.tt', 'admin:office']]);
    await expectStatus(admin.post('/api/guardians/invite', { student_id: AISHA.id, email: MUM }), 409);
    await expectStatus(admin.post('/api/guardians/invite', { student_id: AISHA.id, email: 'not an address' }), 422);
    await expectStatus(admin.post('/api/guardians/invite', { student_id: 'NOBODY', email: 'x@example.tt' }), 404);

    const mum = await signedInGuardian(t, MUM, 'Nadia-Recovered-9');
    const phone = await signedInGuardian(t, MUM, 'Nadia-Recovered-9');
    await expectStatus(mum.get(`/api/student-record/${AISHA.id}`), 200);
    const guardianId = list.guardians[0].id;
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: AISHA.id, guardian_id: guardianId }), 204);
    // Both her sessions ended.
    await expectStatus(mum.get(`/api/student-record/${ZARA.id}`), 401);
    await expectStatus(phone.get('/api/my-students'), 401);
    // Signed in again: Zara only.
    const again = await signedInGuardian(t, MUM, 'Nadia-Recovered-9');
    expect(
      ((await expectStatus(again.get('/api/my-students'), 200)).body as { id: string }[]).map((s) => s.id),
    ).toEqual([ZARA.id]);
    await expectStatus(again.get(`/api/student-record/${AISHA.id}`), 403);
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: AISHA.id, guardian_id: guardianId }), 404);
    const audit = await t.ds.getRepository(AuditEntry).findOneByOrFail({ action: 'guardian.unlinked' });
    expect(audit).toMatchObject({ entity_id: AISHA.id, actor: 'admin:office', old_value: MUM.toLowerCase() });
  });

  it('an expired invitation answers 410', async () => {
    const token = await invite(OTHER.id, 'late@example.tt');
    await t.ds.query("UPDATE guardian_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE email = ?", [
      'late@example.tt',
    ]);
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/guardians/invitation', { token }), 410);
    await expectStatus(
      visitor.post('/api/guardians/accept', { token, name: 'Late', password: 'Late-Comer-Pass-1' }),
      410,
    );
  });

  it('an import with guardian e-mails lists, then sends, one invitation per new student and address', async () => {
    const rows = [
      ['id', 'first_name', 'guardian_email', 'guardian2_email'],
      [ZARA.id, null, MUM, 'Zara.Dad@example.tt'], // her mother is linked already
      [AISHA.id, null, 'zara.dad@example.tt', 'ZARA.DAD@example.tt'], // one address twice
      [OTHER.id, null, 'late@example.tt', null], // expired: invited again
    ];
    const dry = (await expectStatus(importFile(rows, true), 200)).body as StudentImportResult;
    const expected = [
      { student_id: ZARA.id, email: 'zara.dad@example.tt' },
      { student_id: AISHA.id, email: 'zara.dad@example.tt' },
      { student_id: OTHER.id, email: 'late@example.tt' },
    ];
    expect(dry.guardian_invitations).toEqual(expected);
    const queuedBefore = await t.ds.getRepository(OutboxMessage).countBy({ kind: 'guardian-invitation' });
    expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'guardian-invitation' })).toBe(queuedBefore);

    const done = (await expectStatus(importFile(rows, false), 200)).body as StudentImportResult;
    expect(done.guardian_invitations).toEqual(expected);
    const queued = await t.ds.getRepository(OutboxMessage).find({
      where: { kind: 'guardian-invitation' },
      order: { id: 'ASC' },
    });
    expect(queued.slice(queuedBefore).map((m) => [m.student_id, m.to_address])).toEqual(
      expected.map((e) => [e.student_id, e.email]),
    );
    // The same file again: every address is invited already.
    expect(
      ((await expectStatus(importFile(rows, true), 200)).body as StudentImportResult).guardian_invitations,
    ).toEqual([]);
    // A bad address is a row error naming the cell; nothing is written.
    const bad = await expectStatus(
      importFile(
        [
          ['id', 'guardian_email'],
          [ZARA.id, 'not-an-address'],
        ],
        false,
      ),
      422,
    );
    expect(bad.body.errors).toEqual([
      { sheet: '', row: 2, field: 'guardian_email', message: "A guardian's e-mail address, e.g. parent@example.org." },
    ]);
  });
});

describe('a student inviting a parent herself', () => {
  it('may invite for herself only, after her first password change, a few times a day', async () => {
    const other = await signedInStudent(t, OTHER.id, 'Other-Pass-2026');
    await expectStatus(other.post('/api/guardians/invite', { student_id: ZARA.id, email: 'x@example.tt' }), 403);
    await createStudent(t, { id: 'G3001', first_name: 'New', date_of_birth: '2012-02-02' });
    const fresh = new ApiClient(t);
    await expectStatus(fresh.loginStudent('G3001', '20120202'), 200);
    await expectStatus(fresh.post('/api/guardians/invite', { student_id: 'G3001', email: 'x@example.tt' }), 403);

    // The same address again replaces the earlier link, and still counts towards her five a day.
    for (let n = 1; n <= 5; n++) {
      const res = await expectStatus(
        other.post('/api/guardians/invite', { student_id: OTHER.id, email: 'parent1@example.tt' }),
        201,
      );
      expect(res.body).toMatchObject({ email: 'parent1@example.tt', invited_by: `student:${OTHER.id}` });
    }
    expect(
      await t.ds.getRepository(GuardianInvitation).countBy({ student_id: OTHER.id, email: 'parent1@example.tt' }),
    ).toBe(1);
    const limited = await expectStatus(
      other.post('/api/guardians/invite', { student_id: OTHER.id, email: 'parent6@example.tt' }),
      429,
    );
    expectWaitStated(limited, GUARDIAN_MESSAGES.tooManyInvitations);
    expect(limited.body.message).toMatch(/^You have sent several invitations today\. Please try again in 2[34] hours/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The office is not limited.
    await expectStatus(admin.post('/api/guardians/invite', { student_id: OTHER.id, email: 'parent6@example.tt' }), 201);
  });
});

describe('the sign-in lock', () => {
  it('is her own: wrong old passwords lock her account, not another guardian’s', async () => {
    await createGuardian(t, { email: 'lock.one@example.tt', password: 'Lock-One-Pass-1', students: [OTHER.id] });
    await createGuardian(t, { email: 'lock.two@example.tt', password: 'Lock-Two-Pass-1', students: [OTHER.id] });
    const one = await signedInGuardian(t, 'lock.one@example.tt', 'Lock-One-Pass-1');
    const change = (old: string) =>
      one.post('/api/change-password-student', {
        student_id: 'lock.one@example.tt',
        old_password: old,
        password: 'Lock-One-Pass-2',
      });
    for (let n = 0; n < 5; n++) await expectStatus(change('wrong-old-password'), 422);
    await expectStatus(change('Lock-One-Pass-1'), 429);
    // Counted on her browser's device cookie, as at sign-in: this browser is locked for her account...
    await expectStatus(one.loginGuardian('lock.one@example.tt', 'Lock-One-Pass-1'), 429);
    // ...and another guardian signs in from it.
    await expectStatus(one.loginGuardian('lock.two@example.tt', 'Lock-Two-Pass-1'), 200);
  });
});

describe('a long address', () => {
  it('works for every step: invitation, account, sign-in lock, password change and recovery', async () => {
    const email = `${'a'.repeat(60)}.${'b'.repeat(60)}@${'c'.repeat(60)}.example.tt`; // 196 characters
    const token = await invite(OTHER.id, email);
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(
      visitor.post('/api/guardians/accept', { token, name: 'N'.repeat(80), password: 'Long-Address-Pass-1' }),
      200,
    );
    await expectStatus(new ApiClient(t).loginGuardian(email, 'wrong-password'), 422);
    const her = await signedInGuardian(t, email, 'Long-Address-Pass-1');
    await expectStatus(
      her.post('/api/change-password-student', {
        student_id: email,
        old_password: 'Long-Address-Pass-1',
        password: 'Long-Address-Pass-2',
      }),
      200,
    );
    const another = await new ApiClient(t).primeCsrf(); // the accepting browser's session ended with the change
    await expectStatus(another.post('/api/guardian-forgot-password', { email }), 202);
    await t.app.get(PasswordRecoveryService).settle();
    const audit = await t.ds
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'password.changed', entity_id: email });
    expect(audit.actor).toBe(`guardian: ${'N'.repeat(80)} <${email}>`);
    // Her upload names her as its uploader; a posting tells her, and only once within the day.
    await expectStatus(upload(her, OTHER.id), 200);
    const [file] = await t.ds.query('SELECT uploaded_by FROM student_files WHERE student_id = ? ORDER BY id DESC', [
      OTHER.id,
    ]);
    expect(file.uploaded_by).toBe(audit.actor);
    const notices = () =>
      t.ds.getRepository(OutboxMessage).countBy({ kind: 'report-card', student_id: OTHER.id, to_address: email });
    for (const posted of [0, 1, 0, 1])
      await expectStatus(admin.post('/api/post-term-reports', { year: YEAR, term: 2, posted }), 200);
    expect(await notices()).toBe(1);
  });
});

describe('review findings', () => {
  it('a student may not invite again an address the office unlinked from her; the office may', async () => {
    await createStudent(t, { id: 'G4001', first_name: 'Kaia', password: 'Kaia-Pass-2026' });
    const dadId = await createGuardian(t, {
      email: 'kaia.dad@example.tt',
      password: 'Kaia-Dad-Pass-1',
      students: ['G4001'],
    });
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: 'G4001', guardian_id: dadId }), 204);
    const kaia = await signedInStudent(t, 'G4001', 'Kaia-Pass-2026');
    const refused = await expectStatus(
      kaia.post('/api/guardians/invite', { student_id: 'G4001', email: 'Kaia.Dad@example.tt' }),
      403,
    );
    expect(refused.body.message).toBe(GUARDIAN_MESSAGES.removedByOffice);
    await expectStatus(kaia.post('/api/guardians/invite', { student_id: 'G4001', email: 'kaia.mum@example.tt' }), 201);
    await expectStatus(admin.post('/api/guardians/invite', { student_id: 'G4001', email: 'kaia.dad@example.tt' }), 201);
  });

  it('two tabs making the same account at once (two invitations): one account, the other told to sign in', async () => {
    const [first, second] = [
      await invite(AISHA.id, 'twin.tabs@example.tt'),
      await invite(ZARA.id, 'twin.tabs@example.tt'),
    ];
    const tabs = [await new ApiClient(t).primeCsrf(), await new ApiClient(t).primeCsrf()];
    const answers = await Promise.all(
      [first, second].map((token, n) =>
        tabs[n].post('/api/guardians/accept', { token, name: 'Twin Tabs', password: 'Twin-Tabs-Pass-1' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.ds.getRepository(User).countBy({ username: 'twin.tabs@example.tt' })).toBe(1);
    // The refused tab's invitation still works once she is signed in.
    const loser = answers.findIndex((a) => a.status === 409);
    const signedIn = await signedInGuardian(t, 'twin.tabs@example.tt', 'Twin-Tabs-Pass-1');
    const linked = await expectStatus(signedIn.post('/api/guardians/accept', { token: [first, second][loser] }), 200);
    expect((linked.body as GuardianLoginResponse).students.map((s) => s.id).sort()).toEqual([AISHA.id, ZARA.id]);
  });

  it('refuses a name with angle brackets, which could pass for another actor in the trail', async () => {
    const token = await invite(OTHER.id, 'brackets@example.tt');
    const visitor = await new ApiClient(t).primeCsrf();
    const res = await expectStatus(
      visitor.post('/api/guardians/accept', { token, name: 'x <office', password: 'Brackets-Pass-1' }),
      422,
    );
    expect(res.body.errors.name).toEqual([GUARDIAN_MESSAGES.nameCharacters]);
  });

  it('stores an invitation for the student as the table spells her id', async () => {
    const res = await admin.post('/api/guardians/invite', {
      student_id: OTHER.id.toLowerCase(),
      email: 'case@example.tt',
    });
    // SQLite compares ids exactly (no such student); MariaDB finds her whatever the case, and keeps her own spelling.
    expect(res.status).toBe(t.engine === 'mariadb' ? 201 : 404);
    if (res.status === 201)
      expect(await t.ds.getRepository(GuardianInvitation).findOneByOrFail({ email: 'case@example.tt' })).toMatchObject({
        student_id: OTHER.id,
      });
  });

  it('lists no invitation for a row the check refuses', async () => {
    const res = await expectStatus(
      importFile(
        [
          ['id', 'guardian_email', 'guardian2_email'],
          [ZARA.id, 'bad address', 'fine.parent@example.tt'],
        ],
        true,
      ),
      422,
    );
    expect((res.body as StudentImportResult).guardian_invitations).toEqual([]);
  });
});
