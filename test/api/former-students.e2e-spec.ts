import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { SCHOOL_YEAR_MESSAGES, type FormerStudent, type StudentStanding } from '../../shared/school-year.js';
import type { RegistrationProgressOverview, StudentListItem } from '../../shared/admin-types.js';
import type { LinkedStudent } from '../../shared/guardians.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { StudentFile } from '../../server/files/entities/student-file.entity.js';
import { FILE_STORAGE, type FileStorage } from '../../server/files/storage/file-storage.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { StudentsRepository } from '../../server/students/students.repository.js';
import { User } from '../../server/users/entities/user.entity.js';
import { TermReport, TermReportPosting } from '../../server/term-reports/entities/term-report.entity.js';
import { ApiClient, expectStatus, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import { SAMPLE_JPEG } from '../fixtures/files.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Former students (docs/product.md §12.3): graduated or left, listed apart, signed out for good, out of their
// guardians' reach, and read-only even for the office. A student is made former through the students table's owner,
// as the rollover does (StudentsRepository.setStanding).

let t: TestApp;
let admin: ApiClient;
/** Her session from before she left: it must reach nothing afterwards. */
let ginaOld: ApiClient;
/** Another of hers (another browser), not used at all between her leaving and its first page. */
let ginaTab: ApiClient;
let mum: ApiClient;

const GINA = { id: 'F100', first_name: 'Gina', last_name: 'Ramdass', class_id: '6A', password: 'Gina-Former-Pass-1' };
const LENA = { id: 'F200', first_name: 'Lena', last_name: 'Mohammed', class_id: '3B', password: 'Lena-Former-Pass-1' };
const CARA = { id: 'F300', first_name: 'Cara', last_name: 'Ramdass', class_id: '2A', password: 'Cara-Current-Pass-1' };

async function makeFormer(ids: string[], standing: StudentStanding): Promise<void> {
  const students = t.app.get(StudentsRepository);
  await t.ds.transaction((m) => students.setStanding(ids, standing, m));
}

const resetLinks = async (studentId: string) =>
  (await t.ds.getRepository(OutboxMessage).find({ where: { student_id: studentId, kind: 'password-reset' } })).map(
    (r) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(r.text_body)?.[1] ?? '',
  );

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  for (const s of [GINA, LENA, CARA])
    await createStudent(t, { ...s, extra: { email: `${s.first_name.toLowerCase()}@example.tt` } });
  await createGuardian(t, {
    email: 'mum.ramdass@example.tt',
    password: 'Mum-Ramdass-Pass-1',
    students: [GINA.id, CARA.id],
  });
  const now = new Date().toISOString();
  await t.ds.getRepository(TermReport).insert({
    student_id: GINA.id,
    year: 2025,
    term: 3,
    class_id: GINA.class_id,
    form_level: 6,
    created_at: now,
    updated_at: now,
  });
  await t.ds
    .getRepository(TermReportPosting)
    .insert({ year: 2025, term: 3, posted: 1, date_posted: '2026-07-10 10:00:00', updated_at: now });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  ginaOld = await signedInStudent(t, GINA.id, GINA.password);
  ginaTab = await signedInStudent(t, GINA.id, GINA.password);
  mum = await signedInGuardian(t, 'mum.ramdass@example.tt', 'Mum-Ramdass-Pass-1');
  // A link asked for while she was still a student, used only after she has left.
  const visitor = await new ApiClient(t).primeCsrf();
  await expectStatus(visitor.post('/api/forgot-password', { student_id: GINA.id }), 202);
  await t.app.get(PasswordRecoveryService).settle();
  // An invitation sent while she was still a student, opened only after she has left.
  await expectStatus(admin.post('/api/guardians/invite', { student_id: GINA.id, email: 'aunt.gina@example.tt' }), 201);
  await makeFormer([GINA.id], { status: 'graduated', left_on: '2026-07-31', leaving_reason: null });
  await makeFormer([LENA.id], { status: 'left', left_on: '2026-08-15', leaving_reason: 'Moved to Tobago' });
});
afterAll(() => t.close());

describe('the office lists', () => {
  it('GET /api/students lists current students only', async () => {
    const rows = (await expectStatus(admin.get('/api/students'), 200)).body as StudentListItem[];
    expect(rows.map((r) => r.id)).toEqual([CARA.id]);
  });

  it('?status=former lists former students, newest leaving date first, with her last class', async () => {
    const rows = (await expectStatus(admin.get('/api/students?status=former'), 200)).body as FormerStudent[];
    expect(rows).toEqual([
      {
        id: LENA.id,
        first_name: 'Lena',
        last_name: 'Mohammed',
        class_id: '3B',
        status: 'left',
        left_on: '2026-08-15',
        leaving_reason: 'Moved to Tobago',
      },
      {
        id: GINA.id,
        first_name: 'Gina',
        last_name: 'Ramdass',
        class_id: '6A',
        status: 'graduated',
        left_on: '2026-07-31',
        leaving_reason: null,
      },
    ]);
  });

  it('refuses any other status with 422 and says which one it takes', async () => {
    for (const status of ['current', 'graduated', 'FORMER', ''])
      expect((await expectStatus(admin.get(`/api/students?status=${status}`), 422)).body.message).toBe(
        FORMER_STUDENT_MESSAGES.badStatus,
      );
    await expectStatus(admin.get('/api/students?status=former&status=former'), 422);
  });

  it('counts and reminds current students only', async () => {
    const progress = (await expectStatus(admin.get('/api/registration-progress'), 200))
      .body as RegistrationProgressOverview;
    expect(progress.total).toBe(1);
    const unfinished = progress.classes.flatMap((c) => c.incomplete.map((s) => s.id));
    expect(unfinished).toEqual([CARA.id]);
    expect(progress.classes.reduce((n, c) => n + c.total, 0)).toBe(1);

    const reminded = await expectStatus(
      admin.post('/api/registration-reminders', { student_ids: [GINA.id, LENA.id, CARA.id] }),
      200,
    );
    expect(reminded.body).toMatchObject({ students: 1 });
    const byClass = await expectStatus(admin.post('/api/registration-reminders', { class_id: '6A' }), 200);
    expect(byClass.body).toMatchObject({ queued: 0, students: 0 });

    const contacts = (await expectStatus(admin.get('/api/parents-contact'), 200)).body as { id: string }[];
    expect(contacts.map((c) => c.id)).toEqual([CARA.id]);
    const sixth = (await expectStatus(admin.get('/api/student-registration/6'), 200)).body as unknown[];
    expect(sixth).toEqual([]);
  });
});

describe('a former student signing in', () => {
  it('with her right password: 403 with the closed account message, and no session', async () => {
    const browser = new ApiClient(t);
    const res = await expectStatus(browser.loginStudent(GINA.id, GINA.password), 403);
    expect(res.body.message).toBe(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
    const session = (await expectStatus(browser.get('/api/session'), 200)).body as { authenticated: boolean };
    expect(session.authenticated).toBe(false);
    await expectStatus(browser.get(`/api/student-record/${GINA.id}`), 401);
  });

  it('with a wrong password: the same 422 as an ID nobody has', async () => {
    const wrong = await expectStatus(new ApiClient(t).loginStudent(LENA.id, 'Not-Her-Password-1'), 422);
    const nobody = await expectStatus(new ApiClient(t).loginStudent('NOSUCH9', 'Not-Her-Password-1'), 422);
    expect(wrong.body).toEqual(nobody.body);
    expect(wrong.body.message).toBe(MESSAGES.badCredentials);
  });

  it('forgot-password answers as for any ID and sends her nothing', async () => {
    const before = await resetLinks(LENA.id);
    const visitor = await new ApiClient(t).primeCsrf();
    const hers = await expectStatus(visitor.post('/api/forgot-password', { student_id: LENA.id }), 202);
    const nobody = await expectStatus(visitor.post('/api/forgot-password', { student_id: 'NOSUCH9' }), 202);
    const current = await expectStatus(visitor.post('/api/forgot-password', { student_id: CARA.id }), 202);
    await t.app.get(PasswordRecoveryService).settle();
    expect(hers.body).toEqual(nobody.body);
    expect(hers.body).toEqual(current.body);
    expect(await resetLinks(LENA.id)).toEqual(before);
    expect((await resetLinks(CARA.id)).length).toBe(1); // the same request for a current student is sent
  });

  it('a link sent before she left lets nobody in: the same 403, her password unchanged', async () => {
    const [token] = await resetLinks(GINA.id);
    expect(token).toMatch(/.{22,}/);
    const browser = await new ApiClient(t).primeCsrf();
    const check = await expectStatus(browser.post('/api/reset-password/check', { token }), 403);
    expect(check.body.message).toBe(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
    const reset = await expectStatus(
      browser.post('/api/reset-password', { token, password: 'Brand-New-Pass-77' }),
      403,
    );
    expect(reset.body.message).toBe(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
    expect(
      ((await expectStatus(browser.get('/api/session'), 200)).body as { authenticated: boolean }).authenticated,
    ).toBe(false);
    // Her old password still is the one (the right one answers the closed account's 403, not 422).
    await expectStatus(new ApiClient(t).loginStudent(GINA.id, GINA.password), 403);
  });
});

describe('her guardian and her old session', () => {
  it('her guardian no longer sees her among her students', async () => {
    const mine = (await expectStatus(mum.get('/api/my-students'), 200)).body as LinkedStudent[];
    expect(mine.map((s) => s.id)).toEqual([CARA.id]);
    const again = await expectStatus(
      new ApiClient(t).loginGuardian('mum.ramdass@example.tt', 'Mum-Ramdass-Pass-1'),
      200,
    );
    expect((again.body as { students: LinkedStudent[] }).students.map((s) => s.id)).toEqual([CARA.id]);
  });

  it('an invitation sent before she left no longer works (410), and links nobody', async () => {
    const [mail] = await t.ds
      .getRepository(OutboxMessage)
      .find({ where: { student_id: GINA.id, kind: 'guardian-invitation' } });
    const token = /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '';
    expect(token).toMatch(/.{22,}/);
    const aunt = await new ApiClient(t).primeCsrf();
    await expectStatus(aunt.post('/api/guardians/invitation', { token }), 410);
    await expectStatus(
      aunt.post('/api/guardians/accept', { token, name: 'Aunt Gina', password: 'Aunt-Gina-Pass-77' }),
      410,
    );
    const guardians = (await expectStatus(admin.get(`/api/students/${GINA.id}/guardians`), 200)).body as {
      guardians: { email: string }[];
    };
    expect(guardians.guardians.map((g) => g.email)).toEqual(['mum.ramdass@example.tt']);
  });

  it("every route for her answers 403 to her guardian, who still reaches her sister's", async () => {
    for (const path of [
      `/api/student-record/${GINA.id}`,
      `/api/get-files/${GINA.id}`,
      `/api/report-card-terms/${GINA.id}`,
      `/api/report-card/${GINA.id}/2025/3`,
      `/api/registration-form/${GINA.id}`,
    ])
      expect((await expectStatus(mum.get(path), 403)).body.message, path).toBe(MESSAGES.forbidden);
    await expectStatus(mum.post('/api/student', { id: GINA.id, phone_home: '5551234' }), 403);
    await expectStatus(mum.storeFile(GINA.id, 'picture', [{ bytes: SAMPLE_JPEG, name: 'g.jpg' }]), 403);
    await expectStatus(mum.get(`/api/student-record/${CARA.id}`), 200);
  });

  it('her own session from before she left is ended: every route answers 401 saying why', async () => {
    for (const path of [
      `/api/student-record/${GINA.id}`,
      `/api/report-card-terms/${GINA.id}`,
      `/api/registration-form/${GINA.id}`,
      '/api/registration-status',
    ])
      expect((await expectStatus(ginaOld.get(path), 401)).body, path).toEqual({
        statusCode: 401,
        message: MESSAGES.signInRequired,
        reason: 'left-school',
      });
    await expectStatus(ginaOld.post('/api/student', { id: GINA.id, phone_home: '5551234' }), 401);
    // GET /api/session agrees with the guard: nobody is signed in, and why.
    expect((await expectStatus(ginaOld.get('/api/session'), 200)).body).toMatchObject({
      authenticated: false,
      ended_reason: 'left-school',
    });
    // She can still sign out.
    await expectStatus(ginaOld.post('/logout'), 204);
  });

  it("the first page drawn for her other old session is a visitor's, and GET /api/session agrees", async () => {
    // Nothing was asked with this session since she left: the page drawn by the server is the first to see it.
    const page = await ginaTab.agent.get('/dashboard').expect(200);
    expect(page.text).not.toContain('Welcome');
    expect(page.text).not.toContain('Gina');
    const block = /<script type="application\/json" id="portal-first-view">(.*?)<\/script>/.exec(page.text);
    const drawnWith = JSON.parse(block![1]) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const session = drawnWith.queries.find((q) => q.queryKey[0] === 'session')?.state.data;
    expect(session).toMatchObject({ authenticated: false, ended_reason: 'left-school' });
    expect(session).toEqual((await expectStatus(ginaTab.get('/api/session'), 200)).body);
  });
});

describe('the office and a former student', () => {
  it('reads her record, her term reports and her registration form', async () => {
    const record = (await expectStatus(admin.get(`/api/student-record/${GINA.id}`), 200)).body as { id: string }[];
    expect(record[0].id).toBe(GINA.id);
    const terms = (await expectStatus(admin.get(`/api/report-card-terms/${GINA.id}`), 200)).body as {
      year: number;
      term: number;
    }[];
    expect(terms.map((x) => [x.year, x.term])).toEqual([[2025, 3]]);
    const form = await expectStatus(admin.download(`/api/registration-form/${GINA.id}`), 200);
    expect(form.headers['content-type']).toContain('application/pdf');
  });

  it('may not change her record: a save, an upload, a password reset or an invitation answer 409', async () => {
    const before = (await expectStatus(admin.get(`/api/student-record/${GINA.id}`), 200)).body as Record<
      string,
      unknown
    >[];
    const save = await expectStatus(admin.post('/api/student', { id: GINA.id, phone_home: '5551234' }), 409);
    expect(save.body.message).toBe(FORMER_STUDENT_MESSAGES.readOnly);
    const upload = await expectStatus(
      admin.storeFile(GINA.id, 'picture', [{ bytes: SAMPLE_JPEG, name: 'gina.jpg' }]),
      409,
    );
    expect(upload.body.message).toBe(FORMER_STUDENT_MESSAGES.readOnly);
    const reset = await expectStatus(admin.post('/api/reset-password-student', { student_id: GINA.id }), 409);
    expect(reset.body.message).toBe(FORMER_STUDENT_MESSAGES.readOnly);
    const invite = await expectStatus(
      admin.post('/api/guardians/invite', { student_id: GINA.id, email: 'aunt@example.tt' }),
      409,
    );
    expect(invite.body.message).toBe(FORMER_STUDENT_MESSAGES.readOnly);
    const after = (await expectStatus(admin.get(`/api/student-record/${GINA.id}`), 200)).body as Record<
      string,
      unknown
    >[];
    expect(after).toEqual(before);
    expect((await expectStatus(admin.get(`/api/get-files/${GINA.id}`), 200)).body).toEqual([]);
    // A current student's record is the office's to change as before.
    await expectStatus(admin.post('/api/student', { id: CARA.id, phone_home: '5551234' }), 200);
  });

  it('an import naming her is refused on her row: her record, password and guardians stay as they were', async () => {
    const account = () => t.ds.getRepository(User).findOneByOrFail({ student_id: LENA.id });
    const before = {
      record: await t.app.get(StudentsRepository).findRow(LENA.id),
      hash: (await account()).password_hash,
    };
    const csv =
      'id,first_name,date_of_birth,guardian_email\n' +
      `${LENA.id},Lena,2011-03-04,dad.mohammed@example.tt\n` +
      `${CARA.id},Cara,,\n`;
    for (const dryRun of [true, false]) {
      const res = await admin.agent
        .post(`/api/import-students${dryRun ? '?dry_run=1' : ''}`)
        .set('X-XSRF-TOKEN', admin.xsrfToken())
        .attach('file', Buffer.from(csv), 'students.csv');
      const errors = (res.body as { errors: { row: number; field: string; message: string }[] }).errors;
      expect(errors, `dry run: ${dryRun}`).toEqual([
        { sheet: '', row: 2, field: 'id', message: FORMER_STUDENT_MESSAGES.importRow(LENA.id) },
      ]);
      expect(res.status, `dry run: ${dryRun}`).toBe(422);
    }
    expect(await t.app.get(StudentsRepository).findRow(LENA.id)).toEqual(before.record);
    expect((await account()).password_hash).toBe(before.hash);
    expect(await t.ds.getRepository(OutboxMessage).countBy({ student_id: LENA.id, kind: 'guardian-invitation' })).toBe(
      0,
    );
  });

  it("posting a term again tells her sister's family, not hers: she can no longer sign in to read it", async () => {
    const now = new Date().toISOString();
    await t.ds.getRepository(TermReport).insert({
      student_id: CARA.id,
      year: 2025,
      term: 3,
      class_id: CARA.class_id,
      form_level: 2,
      created_at: now,
      updated_at: now,
    });
    await expectStatus(admin.post('/api/post-term-reports', { year: 2025, term: 3, posted: 0 }), 200);
    await expectStatus(admin.post('/api/post-term-reports', { year: 2025, term: 3, posted: 1 }), 200);
    const notices = await t.ds.getRepository(OutboxMessage).find({ where: { kind: 'report-card' } });
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.student_id === CARA.id)).toBe(true);
  });
});

describe('a student who leaves while her upload is on its way', () => {
  it('the upload checked before she left is refused in its transaction: 409, nothing recorded', async () => {
    const DORA = { id: 'F400', first_name: 'Dora', last_name: 'Singh', class_id: '6A', password: 'Dora-Pass-Word-1' };
    await createStudent(t, DORA);
    // The rollover makes her former after the first check (the gate) and before the upload's transaction: while
    // the file's bytes are being stored.
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const put = storage.put.bind(storage);
    storage.put = async (bytes) => {
      await makeFormer([DORA.id], { status: 'left', left_on: '2026-08-20', leaving_reason: 'Moved abroad' });
      return put(bytes);
    };
    try {
      const res = await expectStatus(admin.storeFile(DORA.id, 'picture', [{ bytes: SAMPLE_JPEG, name: 'd.jpg' }]), 409);
      expect(res.body.message).toBe(FORMER_STUDENT_MESSAGES.readOnly);
    } finally {
      storage.put = put;
    }
    expect(await t.ds.getRepository(StudentFile).countBy({ student_id: DORA.id })).toBe(0);
  });
});
