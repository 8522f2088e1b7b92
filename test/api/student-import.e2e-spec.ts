import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { FormClass } from '../../server/lookups/entities/lookups.entities.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type StudentImportResult } from '../../shared/admin-types.js';
import { IMPORT_DATE_MESSAGES } from '../../shared/student-import.js';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';
import { makeZip } from '../fixtures/zip.js';

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;
let visitor: ApiClient;

type Cell = string | number | Date | { formula: string; result?: number } | null;

async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(client: ApiClient, file: Buffer, name: string, dryRun = false) {
  return client.agent
    .post(`/api/import-students${dryRun ? '?dry_run=1' : ''}`)
    .set('X-XSRF-TOKEN', client.xsrfToken())
    .attach('file', file, name);
}

const HEADER = [
  'id',
  'first_name',
  'last_name',
  'class_id',
  'sex',
  'date_of_birth',
  'birth_certificate_no',
  'house_code',
];

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  // An existing student whose family already filled in part of her record.
  await createStudent(t, {
    id: '20263001',
    first_name: 'Esther',
    last_name: 'Joseph',
    class_id: '1A',
    date_of_birth: '2013-02-03',
    password: 'Esther-Pass-2026',
    extra: { mother_name: 'Ruth Joseph', middle_name: 'Anne', birth_certificate_no: 'OLD123' },
  });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  student = await signedInStudent(t, '20263001', 'Esther-Pass-2026');
  visitor = await new ApiClient(t).primeCsrf();
});
afterAll(() => t.close());

describe('POST /api/import-students', () => {
  let file: Buffer;

  beforeAll(async () => {
    file = await xlsx([
      HEADER,
      ['20263101', 'Faith', 'Ramdass', '1A', 'Female', new Date(Date.UTC(2013, 6, 14)), 'EBP1001', 1],
      // Text dates and lower-case classes and sexes are normalised; a new class of a known form is added.
      ['20263102', 'Gabrielle', 'Singh', '1z', 'f', '2013-09-30', null, null],
      // Existing: only the filled cells change; an empty cell keeps the stored value.
      ['20263001', 'Esther', 'Joseph-Ali', '2A', null, null, 'NEW456', null],
    ]);
  });

  it('checks the file first (dry run) and writes nothing', async () => {
    const studentsBefore = await t.ds.getRepository(Student).count();
    const res = await upload(admin, file, 'students.xlsx', true).expect(200);
    expect(res.body).toEqual({
      dry_run: true,
      committed: false,
      created: 2,
      updated: 1,
      unchanged: 0,
      classes_created: ['1Z', '2A'],
      guardian_invitations: [],
      // Faith's date is a workbook's date cell, Gabrielle's typed as text.
      date_formats: [
        { format: 'YYYY-MM-DD', count: 1 },
        { format: 'spreadsheet date', count: 1 },
      ],
      errors: [],
      error_count: 0,
    } satisfies StudentImportResult);
    expect(await t.ds.getRepository(Student).count()).toBe(studentsBefore);
    expect(await t.ds.getRepository(FormClass).findOneBy({ class_id: '1Z' })).toBeNull();
    expect(await t.ds.getRepository(AuditEntry).countBy({ action: 'students.imported' })).toBe(0);
  });

  it('imports: new students with a date-of-birth password to reset, existing ones only in given columns', async () => {
    const res = await upload(admin, file, 'students.xlsx').expect(200);
    expect(res.body).toMatchObject({
      dry_run: false,
      committed: true,
      created: 2,
      updated: 1,
      unchanged: 0,
      errors: [],
    });

    const faith = (await t.ds.getRepository(Student).findOneBy({ id: '20263101' }))!;
    expect(faith).toMatchObject({
      first_name: 'Faith',
      last_name: 'Ramdass',
      class_id: '1A',
      sex: 'Female',
      date_of_birth: '2013-07-14',
      birth_certificate_no: 'EBP1001',
      house_code: 1,
    });
    const gabrielle = (await t.ds.getRepository(Student).findOneBy({ id: '20263102' }))!;
    expect(gabrielle).toMatchObject({ class_id: '1Z', sex: 'Female', date_of_birth: '2013-09-30', house_code: null });
    expect(await t.ds.getRepository(FormClass).findOneBy({ class_id: '1Z' })).toEqual({
      class_id: '1Z',
      form_level: 1,
    });

    const esther = (await t.ds.getRepository(Student).findOneBy({ id: '20263001' }))!;
    expect(esther).toMatchObject({
      first_name: 'Esther',
      last_name: 'Joseph-Ali',
      class_id: '2A',
      birth_certificate_no: 'NEW456',
      // untouched: what the family typed, and the columns left empty
      mother_name: 'Ruth Joseph',
      middle_name: 'Anne',
      date_of_birth: '2013-02-03',
      sex: 'Female',
    });
    // Her password is hers still.
    expect((await new ApiClient(t).loginStudent('20263001', 'Esther-Pass-2026')).status).toBe(200);

    // A new student signs in with her date of birth and must change it.
    const login = await new ApiClient(t).loginStudent('20263101', '20130714');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ name: 'Faith Ramdass', password_reset: 1 });
    expect(await t.ds.getRepository(User).findOneBy({ student_id: '20263102' })).toMatchObject({
      password_reset: 1,
      role: 'student',
    });

    // Audited: the import, each new student, each changed field with old and new values.
    const audit = t.ds.getRepository(AuditEntry);
    expect(await audit.findOneBy({ action: 'students.imported' })).toMatchObject({ actor: 'admin:office' });
    expect(await audit.countBy({ action: 'student.imported' })).toBe(2);
    expect(
      await audit.findOneBy({ action: 'student.updated', entity_id: '20263001', field: 'last_name' }),
    ).toMatchObject({ old_value: 'Joseph', new_value: 'Joseph-Ali', actor: 'admin:office' });
  });

  it('importing the same file again changes nothing', async () => {
    const res = await upload(admin, file, 'students.xlsx').expect(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0, unchanged: 3, classes_created: [] });
  });

  it('reads CSV (UTF-8 with BOM, semicolons as some Excel locales save)', async () => {
    const csv = '\uFEFFid;first_name;last_name;class_id;date_of_birth\r\n20263201;Hannah;"O\'Neil";3B;2011-11-11\r\n';
    const res = await upload(admin, Buffer.from(csv), 'list.csv').expect(200);
    expect(res.body).toMatchObject({ created: 1, committed: true, classes_created: ['3B'] });
    expect(await t.ds.getRepository(Student).findOneBy({ id: '20263201' })).toMatchObject({
      last_name: "O'Neil",
      class_id: '3B',
    });
  });

  it('refuses a file with row errors as a whole (422, every error with row and column), writing nothing', async () => {
    const bad = await xlsx([
      HEADER,
      ['20263301', 'Imani', 'Lewis', '1A', 'Female', '2013-01-01', null, null],
      ['20263302', '', 'Khan', '1A', 'Female', '2013-13-01', null, null],
      ['20263303', 'A'.repeat(21), 'Lee', '9X', 'Girl', '2099-01-01', null, 42],
      ['20263301', 'Imani', 'Twice', '1A', 'Female', '2013-01-01', null, null],
      ['bad id!', 'X', 'Y', '1A', 'Female', '2013-01-01', null, null],
    ]);
    const before = await t.ds.getRepository(Student).count();
    const res = await upload(admin, bad, 'bad.xlsx').expect(422);
    expect(res.body.message).toMatch(/errors; nothing was imported/);
    expect(res.body.committed).toBe(false);
    const errs = res.body.errors as { row: number; field: string; message: string }[];
    const at = (row: number, field: string) => errs.find((e) => e.row === row && e.field === field)?.message;
    expect(at(3, 'first_name')).toMatch(/first name is needed/);
    expect(at(3, 'date_of_birth')).toMatch(/YYYY-MM-DD/);
    expect(at(4, 'first_name')).toMatch(/At most 20/);
    expect(at(4, 'class_id')).toMatch(/form level/);
    expect(at(4, 'sex')).toMatch(/Female or Male/);
    expect(at(4, 'date_of_birth')).toMatch(/future/);
    expect(at(4, 'house_code')).toMatch(/house/);
    expect(at(5, 'id')).toMatch(/already on row 2/);
    expect(at(6, 'id')).toMatch(/student ID/);
    expect(await t.ds.getRepository(Student).count()).toBe(before);
    expect(await t.ds.getRepository(Student).findOneBy({ id: '20263301' })).toBeNull();
  });

  describe('refuses bad spreadsheets with a clear 4xx', () => {
    it('no file', async () => {
      const res = await admin.agent
        .post('/api/import-students')
        .set('X-XSRF-TOKEN', admin.xsrfToken())
        .field('x', '1')
        .expect(422);
      expect(res.body.message).toBe('Please select a file!');
    });

    it('the wrong kind of file', async () => {
      const pdf = await upload(admin, Buffer.from('%PDF-1.7\n...'), 'students.pdf').expect(415);
      expect(pdf.body.message).toMatch(/\.xlsx.*\.csv/);
      const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
      expect((await upload(admin, xls, 'students.xls').expect(415)).body.message).toMatch(/97-2003/);
      await upload(admin, makeZip({ 'hello.txt': 'not a workbook' }), 'students.xlsx').expect(415);
      await upload(admin, Buffer.from([0, 1, 2, 3, 0, 0]), 'students.csv').expect(415);
    });

    it('a macro-enabled workbook', async () => {
      const xlsm = makeZip({
        '[Content_Types].xml':
          '<Types><Override ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
        'xl/workbook.xml': '<workbook/>',
        'xl/vbaProject.bin': Buffer.from('macro'),
      });
      expect((await upload(admin, xlsm, 'students.xlsm').expect(415)).body.message).toMatch(/Macro-enabled/);
    });

    it('a huge file', async () => {
      const huge = Buffer.concat([Buffer.from('id,first_name\n'), Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a')]);
      expect((await upload(admin, huge, 'students.csv').expect(413)).body.message).toMatch(/larger than 2 MB/);
    });

    it('a workbook that would unpack to far more than it weighs', async () => {
      const bomb = makeZip({
        '[Content_Types].xml': '<Types/>',
        'xl/workbook.xml': '<workbook/>',
        'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32),
      });
      expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
      await upload(admin, bomb, 'students.xlsx').expect(413);
    });

    it('formulas', async () => {
      const withFormula = await xlsx([
        HEADER,
        ['20263401', 'Jada', 'Thomas', '1A', 'Female', '2013-01-01', { formula: '1+1', result: 2 }, null],
      ]);
      const res = await upload(admin, withFormula, 'students.xlsx').expect(422);
      expect(res.body.message).toMatch(/Cell G2 has a formula/);
      const csv = 'id,first_name,last_name\n20263402,=HYPERLINK("x"),Thomas\n';
      expect((await upload(admin, Buffer.from(csv), 'students.csv').expect(422)).body.message).toMatch(/B2.*formula/);
    });

    it('missing or unknown column names', async () => {
      const noId = await upload(admin, Buffer.from('first_name,last_name\nKayla,John\n'), 'students.csv').expect(422);
      expect(noId.body.message).toMatch(/no 'id' column/);
      const unknown = await upload(admin, Buffer.from('id,nickname\n1,K\n'), 'students.csv').expect(422);
      expect(unknown.body.message).toMatch(/Unknown column 'nickname'/);
      const headerless = await upload(admin, await xlsx([['20263501', 'Kayla', 'John']]), 'students.xlsx').expect(422);
      expect(headerless.body.message).toMatch(/Unknown column '20263501'/);
      await upload(admin, Buffer.from('id,first_name\n'), 'students.csv').expect(422);
      await upload(admin, Buffer.from(''), 'students.csv').expect(422);
    });

    it('10,000 rows', async () => {
      const lines = ['id,first_name,last_name,class_id,date_of_birth'];
      for (let n = 0; n < 10_000; n++) lines.push(`${30_000_000 + n},Leah,Persad,1A,2013-01-01`);
      const csv = await upload(admin, Buffer.from(lines.join('\n')), 'students.csv').expect(413);
      expect(csv.body.message).toMatch(/at most 5,000 students/);
      const rows: Cell[][] = [HEADER];
      for (let n = 0; n < 10_000; n++)
        rows.push([String(30_000_000 + n), 'Leah', 'Persad', '1A', 'Female', '2013-01-01', null, null]);
      const book = await upload(admin, await xlsx(rows), 'students.xlsx').expect(413);
      expect(book.body.message).toMatch(/10,001 rows; at most 5,000/);
      expect(await t.ds.getRepository(Student).countBy({ first_name: 'Leah' })).toBe(0);
    });
  });

  it('imports a whole school (1,500 new students) in one go', async () => {
    const lines = ['id,first_name,last_name,class_id,date_of_birth'];
    for (let n = 0; n < 1500; n++) {
      const dob = new Date(Date.UTC(2008, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${40_000_000 + n},Tiana,Phillip${n},${(n % 6) + 1}${'ABCDE'[n % 5]},${dob}`);
    }
    const res = await upload(admin, Buffer.from(lines.join('\n')), 'school.csv').expect(200);
    expect(res.body).toMatchObject({ committed: true, created: 1500, updated: 0, errors: [] });
    expect(await t.ds.getRepository(User).countBy({ role: 'student', password_reset: 1 })).toBeGreaterThanOrEqual(1500);
    // The last of them signs in with her date of birth, as every other.
    const last = new Date(Date.UTC(2008, 0, 1) + 1499 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const login = await new ApiClient(t).loginStudent('40001499', last);
    expect(login.status).toBe(200);
    expect(login.body.password_reset).toBe(1);
  }, 120_000);

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(upload(student, Buffer.from('id,first_name\n20263001,X\n'), 'x.csv'), 403);
    await expectStatus(upload(visitor, Buffer.from('id,first_name\n20263001,X\n'), 'x.csv'), 401);
    await expectStatus(student.get('/api/import-students/template'), 403);
    await expectStatus(visitor.get('/api/import-students/template'), 401);
  });
});

describe('the headings and dates schools write (shared/student-import.ts)', () => {
  it('takes Student ID, Form Class, DOB, Gender, House and the usual headings, any case and spacing', async () => {
    const csv =
      'Student ID,First Name,LAST NAME,Form  Class,Gender,DOB,Birth Certificate No.,house\n' +
      '20263601,Leah,Mohammed,1A,F,2013-04-05,EBP-3601,1\n';
    const res = await upload(admin, Buffer.from(csv), 'students.csv', true).expect(200);
    expect(res.body).toMatchObject({ created: 1, errors: [] });
    const other =
      'ID,first_name,last_name,Class,Sex,Date of Birth (dd/mm/yyyy),House\n20263602,Mia,Ali,1A,F,05/04/2013,1\n';
    expect((await upload(admin, Buffer.from(other), 'students.csv', true).expect(200)).body).toMatchObject({
      created: 1,
      errors: [],
    });
  });

  it('names every problem of the header row in one answer', async () => {
    const csv = 'Student Number,first_name,Klass,last_name,Student ID,ID\n1,A,1A,B,2,3\n';
    const res = await upload(admin, Buffer.from(csv), 'students.csv').expect(422);
    expect(res.body.errors.file).toEqual([
      "Unknown column 'Student Number' in cell A1.",
      "Unknown column 'Klass' in cell C1.",
      "The column 'id' appears twice: 'Student ID' in cell E1 and 'ID' in cell F1.",
      expect.stringMatching(/^The first row must name the columns: id, first_name.*Student ID, ID, Class, Form Class/),
    ]);
    expect(res.body.message).toMatch(
      /^Unknown column 'Student Number' in cell A1\. Unknown column 'Klass' in cell C1\. /,
    );
    const noId = await upload(admin, Buffer.from('Student Number,Klass\n1,1A\n'), 'students.csv').expect(422);
    expect(noId.body.errors.file.slice(0, 3)).toEqual([
      "Unknown column 'Student Number' in cell A1.",
      "Unknown column 'Klass' in cell B1.",
      "The file has no 'id' column.",
    ]);
  });

  it('reads 12/03/2014 day first, says so in the check, and imports it as 2014-03-12', async () => {
    const csv =
      'id,first_name,last_name,class_id,date_of_birth\n' +
      '20263701,Nia,Phillip,1A,12/03/2014\n' +
      '20263702,Ola,Phillip,1A,1-9-2013\n' +
      '20263703,Pia,Phillip,1A,2013-09-01\n';
    const check = await upload(admin, Buffer.from(csv), 'students.csv', true).expect(200);
    expect(check.body.date_formats).toEqual([
      { format: 'YYYY-MM-DD', count: 1 },
      { format: 'DD/MM/YYYY', count: 2 },
    ]);
    await upload(admin, Buffer.from(csv), 'students.csv').expect(200);
    const born = async (id: string) => (await t.ds.getRepository(Student).findOneBy({ id }))?.date_of_birth;
    expect(await born('20263701')).toBe('2014-03-12');
    expect(await born('20263702')).toBe('2013-09-01');
    expect(await born('20263703')).toBe('2013-09-01');
  });

  it('moves a first password to a corrected date of birth, audited; a chosen password stays', async () => {
    await createStudent(t, { id: '20263801', class_id: '1A', date_of_birth: '2013-08-01' });
    await createStudent(t, {
      id: '20263802',
      class_id: '1A',
      date_of_birth: '2013-08-02',
      password: 'Chosen-Pass-3802',
    });
    const csv = 'id,date_of_birth\n20263801,01/09/2013\n20263802,02/09/2013\n';
    await upload(admin, Buffer.from(csv), 'students.csv').expect(200);

    await expectStatus(new ApiClient(t).loginStudent('20263801', '20130801'), 422);
    await expectStatus(new ApiClient(t).loginStudent('20263801', '20130901'), 200);
    const corrected = await t.ds.getRepository(AuditEntry).findBy({ action: 'password.first-password-corrected' });
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({ actor: 'admin:office', entity: 'user', entity_id: '20263801' });

    await expectStatus(new ApiClient(t).loginStudent('20263802', '20130902'), 422);
    await expectStatus(new ApiClient(t).loginStudent('20263802', 'Chosen-Pass-3802'), 200);
  });

  it('refuses a date that does not exist, or is not a date, naming the cell', async () => {
    const csv =
      'id,first_name,last_name,class_id,date_of_birth\n' +
      '20263801,Ria,Khan,1A,31/02/2014\n' +
      '20263802,Sia,Khan,1A,2014-02-30\n' +
      '20263803,Tia,Khan,1A,March 3 2014\n';
    const res = await upload(admin, Buffer.from(csv), 'students.csv', true).expect(422);
    expect(res.body.errors).toEqual([
      {
        sheet: '',
        row: 2,
        field: 'date_of_birth',
        message: "Cell E2: '31/02/2014' is not a date that exists (read as DD/MM/YYYY, day first).",
      },
      {
        sheet: '',
        row: 3,
        field: 'date_of_birth',
        message: "Cell E3: '2014-02-30' is not a date that exists (read as YYYY-MM-DD).",
      },
      {
        sheet: '',
        row: 4,
        field: 'date_of_birth',
        message: `Cell E4: ${IMPORT_DATE_MESSAGES.unknown}`,
      },
    ]);
  });
});

describe('GET /api/import-students/template', () => {
  it('is a workbook whose first sheet names the columns and has no example row', async () => {
    const res = await admin.get('/api/import-students/template').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toContain('Student Import Template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
    expect(wb.worksheets[0].rowCount).toBe(1);
    expect(wb.worksheets[1].name).toBe('Instructions');
    // Importing the template unchanged is refused plainly, not half-done.
    await upload(admin, res.body as Buffer, 'template.xlsx').expect(422);
  });
});
