import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import type { StudentListItem } from '../../shared/admin-types.js';
import { MESSAGES } from '../../shared/constants.js';
import { searchStudents } from '../../shared/student-search.js';
import { EXPORT_COLUMNS } from '../../server/admin/export/export-columns.js';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type StudentFixture, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;
/** a student with a chosen password, for the 403 checks */
let other: ApiClient;
let visitor: ApiClient;

const KNOWN = {
  id: '20261001',
  first_name: 'Alicia',
  last_name: 'Baptiste',
  class_id: '1B',
  date_of_birth: '2013-04-09',
  extra: {
    middle_name: 'Marie',
    birth_certificate_no: 'EBP998877',
    religion_code: 1,
    ethnic_group_code: 1,
    house_code: 1,
    phone_home: '7654321',
    mobile_phone_mother: '3214567',
    mother_name: 'Joan Baptiste',
    email_mother: 'joan@example.org',
    hepatitis: 1,
    polio: 0,
    device_type: 'Laptop',
    address_line_2: 'Arima',
  },
} satisfies StudentFixture;

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  await createStudent(t, KNOWN);
  await createStudent(t, {
    id: '20261002',
    first_name: 'Brianna',
    last_name: 'Charles',
    class_id: '2A',
    date_of_birth: '2012-01-31',
    password: 'Brianna-Pass-2026',
  });
  await createStudent(t, {
    id: '20261003',
    first_name: 'Chloe',
    last_name: 'Ali',
    class_id: '1A',
    date_of_birth: '2013-12-01',
  });
  // The newest change first: make 20261003 the most recently updated.
  await t.ds.getRepository(Student).update({ id: '20261003' }, { updated_at: '2099-01-01T00:00:00.000Z' });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  student = await signedInStudent(t, '20261002', 'Brianna-Pass-2026');
  await createStudent(t, {
    id: '20261004',
    first_name: 'Dana',
    last_name: 'Lee',
    class_id: '3A',
    date_of_birth: '2011-02-02',
    password: 'Dana-Pass-2026',
  });
  other = await signedInStudent(t, '20261004', 'Dana-Pass-2026');
  visitor = await new ApiClient(t).primeCsrf();
});
afterAll(() => t.close());

describe('GET /api/students', () => {
  it('lists every student with the table fields, newest change first', async () => {
    const res = await admin.get('/api/students').expect(200);
    const list = res.body as StudentListItem[];
    expect(list).toHaveLength(4);
    expect(list[0].id).toBe('20261003');
    const times = list.map((s) => s.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const known = list.find((s) => s.id === KNOWN.id)!;
    expect(known).toEqual({
      id: KNOWN.id,
      first_name: 'Alicia',
      last_name: 'Baptiste',
      class_id: '1B',
      date_of_birth: '2013-04-09',
      birth_certificate_no: 'EBP998877',
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // New to the portal's first year: nothing of last year to confirm (docs/product.md §13).
      round: { returning: false, standing: null, changes: null },
    });
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(other.get('/api/students'), 403);
    await expectStatus(visitor.get('/api/students'), 401);
  });
});

describe('POST /api/reset-password-student', () => {
  it('sets the password to the date of birth with the reset flag, ends her sessions and is audited', async () => {
    const before = await t.ds.getRepository(AuditEntry).count();
    const account = (await t.ds.getRepository(User).findOneBy({ student_id: '20261002' }))!;
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: account.id })).toBe(1);
    const res = await admin.post('/api/reset-password-student', { student_id: '20261002' }).expect(200);
    expect(res.body).toEqual({ student_id: '20261002', name: 'Brianna Charles', password_reset: 1 });
    // Her open session is gone: she is a visitor again.
    await student.get('/api/form-classes').expect(401);
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: account.id })).toBe(0);
    // The old password no longer works; the date of birth does, and she must change it.
    const again = new ApiClient(t);
    expect((await again.loginStudent('20261002', 'Brianna-Pass-2026')).status).toBe(422);
    const login = await again.loginStudent('20261002', '20120131');
    expect(login.status).toBe(200);
    expect(login.body.password_reset).toBe(1);
    const audit = await t.ds.getRepository(AuditEntry).find({ where: { action: 'password.reset' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin:office', entity_id: '20261002' });
    expect(await t.ds.getRepository(AuditEntry).count()).toBe(before + 1);
  });

  it('answers 422 when the student has no date of birth, 404 for an unknown one, 422 for a bad id', async () => {
    await t.ds.getRepository(Student).update({ id: '20261003' }, { date_of_birth: null });
    const res = await admin.post('/api/reset-password-student', { student_id: '20261003' }).expect(422);
    expect(res.body.message).toMatch(/no date of birth/);
    await t.ds.getRepository(Student).update({ id: '20261003' }, { date_of_birth: '2013-12-01' });
    await admin.post('/api/reset-password-student', { student_id: '99999999' }).expect(404);
    await admin.post('/api/reset-password-student', { student_id: 'x y;' }).expect(422);
    await admin.post('/api/reset-password-student', {}).expect(422);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(other.post('/api/reset-password-student', { student_id: '20261004' }), 403);
    await expectStatus(other.post('/api/reset-password-student', { student_id: '20261003' }), 403);
    await expectStatus(visitor.post('/api/reset-password-student', { student_id: '20261003' }), 401);
  });
});

describe('POST /api/student from the Edit Student dialog', () => {
  it("refuses an administrator's save that empties the birth certificate pin, with the dialog's message", async () => {
    for (const pin of ['', '   ']) {
      const res = await admin.post('/api/student', { id: KNOWN.id, birth_certificate_no: pin }).expect(422);
      expect(res.body).toMatchObject({
        message: MESSAGES.adminRequired,
        errors: { birth_certificate_no: [MESSAGES.adminRequired] },
      });
    }
    expect((await t.ds.getRepository(Student).findOneBy({ id: KNOWN.id }))!.birth_certificate_no).toBe('EBP998877');
    // the same rule as the dialog: a pin it accepts is saved
    await admin.post('/api/student', { id: KNOWN.id, birth_certificate_no: 'EBP998878' }).expect(200);
    await admin.post('/api/student', { id: KNOWN.id, birth_certificate_no: 'EBP998877' }).expect(200);
  });

  it('still lets a student leave her own pin empty (the form does not require it)', async () => {
    await other.post('/api/student', { id: '20261004', birth_certificate_no: 'EBP1' }).expect(200);
    await other.post('/api/student', { id: '20261004', birth_certificate_no: '' }).expect(200);
    expect((await t.ds.getRepository(Student).findOneBy({ id: '20261004' }))!.birth_certificate_no).toBeNull();
  });
});

describe('GET /api/registration-data-spreadsheet', () => {
  it('streams Registration Data.xlsx with every field of the record, readable and resolved', async () => {
    const res = await admin.get('/api/registration-data-spreadsheet').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Registration Data.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(EXPORT_COLUMNS.map((f) => f.label));
    // Every column of the students table is in the export (created_at aside, updated_at as Last Updated), but her
    // standing and the date her data was deleted: the export lists current students only (docs/product.md §12.3).
    const notExported = ['created_at', 'updated_at', 'status', 'left_on', 'leaving_reason', 'scrubbed_at'];
    const columns = t.ds
      .getMetadata(Student)
      .columns.map((c) => c.propertyName)
      .filter((c) => !notExported.includes(c));
    const keys = EXPORT_COLUMNS.map((f) => f.key);
    expect(columns.filter((c) => !keys.includes(c))).toEqual([]);
    expect(sheet.rowCount).toBe(5);

    const rowOf = (id: string) => {
      for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === id) return sheet.getRow(r);
      throw new Error(`no row for ${id}`);
    };
    const row = rowOf(KNOWN.id);
    const value = (label: string) => row.getCell(headers.indexOf(label) + 1).value;
    expect(value('First Name')).toBe('Alicia');
    expect(value('Last Name')).toBe('Baptiste');
    expect(value('Other Name')).toBe('Marie');
    expect(value('Class')).toBe('1B');
    expect(value('Date of Birth')).toEqual(new Date(Date.UTC(2013, 3, 9)));
    expect(value('Electronic Birth Pin')).toBe('EBP998877');
    expect(value('Religion')).toBe('Anglican');
    expect(value('Mobile Phone')).toBe('1868-765-4321');
    expect(value('Mother: Mobile')).toBe('1868-321-4567');
    expect(value('Mother: Name')).toBe('Joan Baptiste');
    expect(value('Mother: E-mail')).toBe('joan@example.org');
    expect(value('Ethnic Group')).toEqual(expect.any(String));
    expect(value('House')).toEqual(expect.any(String));
    expect(value('Hepatitis')).toBe('Yes');
    expect(value('Polio')).toBe('No');
    expect(value('Device Type')).toBe('Laptop');
    expect(value('Town')).toBe('Arima');
    expect(value('Last Updated')).toBeInstanceOf(Date);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(other.get('/api/registration-data-spreadsheet'), 403);
    await expectStatus(visitor.get('/api/registration-data-spreadsheet'), 401);
  });
});

describe('GET /api/student-registration/:formLevel', () => {
  it('returns the same data as JSON for one form level', async () => {
    const res = await admin.get('/api/student-registration/1').expect(200);
    expect(res.body.map((r: { id: string }) => r.id).sort()).toEqual(['20261001', '20261003']);
    const known = res.body.find((r: { id: string }) => r.id === KNOWN.id);
    expect(known).toMatchObject({
      first_name: 'Alicia',
      date_of_birth: '2013-04-09',
      religion_code: 'Anglican',
      phone_home: '1868-765-4321',
      hepatitis: 'Yes',
    });
    expect(Object.keys(known)).toEqual(EXPORT_COLUMNS.map((f) => f.key));
    expect((await admin.get('/api/student-registration/2').expect(200)).body).toHaveLength(1);
  });

  it('refuses a form level that is not 1 to 6', async () => {
    await expectStatus(admin.get('/api/student-registration/7'), 422);
    await expectStatus(admin.get('/api/student-registration/abc'), 422);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(other.get('/api/student-registration/3'), 403);
    await expectStatus(visitor.get('/api/student-registration/1'), 401);
  });
});

// Last in the file: the students it adds would change the counts above.
// The Students table searches in the browser, with shared/student-search.ts over what GET /api/students answers: the
// names as either database gives them back (accents, apostrophes, hyphens) are what the rule reads.
describe("the Students table's search over GET /api/students (the same on both databases)", () => {
  beforeAll(async () => {
    const girls: [string, string, string][] = [
      ['20261201', 'Nadia', 'Thomas-Baptiste'],
      ['20261202', 'Nadia', 'Thomas'],
      // Both words inside her names, never at the start of one.
      ['20261203', 'Anadia', 'Dethomas'],
      ['20261204', 'Maya', 'Ali'],
      ['20261205', 'Aaliyah', 'Ramdial'],
      ['20261206', 'Zoë', "D'Éloi-Saint"],
    ];
    for (const [id, first_name, last_name] of girls) await createStudent(t, { id, first_name, last_name });
  });

  const found = async (search: string) => {
    const res = await expectStatus(admin.get('/api/students'), 200);
    return searchStudents(res.body as StudentListItem[], search)
      .map((s) => `${s.last_name}, ${s.first_name}`)
      .sort();
  };

  it("finds 'Thomas-Baptiste, Nadia' by 'Thomas Nadia' with Nadia Thomas, not the words mid-name", async () => {
    expect(await found('Thomas Nadia')).toEqual(['Thomas, Nadia', 'Thomas-Baptiste, Nadia']);
  });

  it("finds her by 'Thomas Baptiste' and by 'Thomas-Baptiste, Nadia'", async () => {
    expect(await found('Thomas Baptiste')).toEqual(['Thomas-Baptiste, Nadia']);
    expect(await found('Thomas-Baptiste, Nadia')).toEqual(['Thomas-Baptiste, Nadia']);
  });

  it("finds Maya Ali by 'Ali Maya'; 'Ali' finds the names that start with it (Alicia too), never Aaliyah", async () => {
    expect(await found('Ali Maya')).toEqual(['Ali, Maya']);
    expect(await found('Ali')).toEqual(['Ali, Chloe', 'Ali, Maya', 'Baptiste, Alicia']);
  });

  it('folds case, accents and apostrophes alike on either database', async () => {
    expect(await found('ZOE eloi')).toEqual(["D'Éloi-Saint, Zoë"]);
    expect(await found('d saint')).toEqual(["D'Éloi-Saint, Zoë"]);
  });

  it('finds by the start of an ID only, and lists everyone for a blank search', async () => {
    expect(await found('2026120')).toHaveLength(6);
    expect(await found('61201')).toEqual([]);
    expect(await found('  ')).toHaveLength(10);
  });
});
