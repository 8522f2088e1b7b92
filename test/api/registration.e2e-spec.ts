import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { localDate } from '../../server/common/time.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { type ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createStudent, setRegistrationStatus, startTestApp, type TestApp } from '../fixtures/test-app.js';

// POST /api/student (partial saves), GET /api/student-record, POST /api/registration-status and
// GET /api/audit: every rule of docs/product.md §5 and every permission of §6, as a client observes them.

const ME = '20260101';
const OTHER = '20260102';
let t: TestApp;
let me: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: ME, first_name: 'Aaliyah', last_name: 'Mohammed', password: 'Student-Pass-101' });
  await createStudent(t, { id: OTHER, first_name: 'Brianna', last_name: 'Charles', password: 'Student-Pass-102' });
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  me = await signedInStudent(t, ME, 'Student-Pass-101');
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});
afterAll(() => t.close());
beforeEach(() => setRegistrationStatus(t, 1, null));

const save = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/student', body);
const record = async (id = ME) =>
  (await admin.get(`/api/student-record/${id}`).expect(200)).body[0] as Record<string, unknown>;
const auditRows = (id: string) =>
  t.ds.getRepository(AuditEntry).find({ where: { entity_id: id }, order: { id: 'ASC' } });

/** Expects a 422 naming the field with exactly this message, and the record unchanged. */
async function refused(body: Record<string, unknown>, field: string, message: string | RegExp, client = me) {
  const before = await record(String(body.id));
  const res = await save(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors?.[field]?.[0]).toMatch(message);
  expect(await record(String(body.id))).toEqual(before);
}

describe('POST /api/student: a partial save', () => {
  it('changes only the fields sent and answers the saved values with updatedAt', async () => {
    const before = await record();
    const res = await save(me, { id: ME, middle_name: '  Grace  ', mother_name: 'Mary Mohammed', hepatitis: 1 }).expect(
      200,
    );
    expect(res.body).toMatchObject({ id: ME, middle_name: 'Grace', mother_name: 'Mary Mohammed', hepatitis: 1 });
    expect(res.body.updatedAt > String(before.updatedAt)).toBe(true);
    expect(Object.keys(res.body).sort()).toEqual(['hepatitis', 'id', 'middle_name', 'mother_name', 'updatedAt']);
    const after = await record();
    expect(after).toMatchObject({
      middle_name: 'Grace',
      mother_name: 'Mary Mohammed',
      hepatitis: 1,
      first_name: 'Aaliyah',
      updatedAt: res.body.updatedAt,
    });
  });

  it('keeps both of two interleaved saves to different fields (two devices)', async () => {
    const [a, b] = await Promise.all([
      save(me, { id: ME, father_name: 'Peter Mohammed', polio: 1 }),
      save(me, { id: ME, mother_occupation: 'Nurse', tetanus: 1 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // A third save from a stale form touches neither of the others' fields.
    await save(me, { id: ME, allergy: 'Peanuts' }).expect(200);
    expect(await record()).toMatchObject({
      father_name: 'Peter Mohammed',
      polio: 1,
      mother_occupation: 'Nurse',
      tetanus: 1,
      allergy: 'Peanuts',
    });
  });

  it('stores a cleared text field as empty (null) and lets the family choice of sections persist', async () => {
    await save(me, { id: ME, previous_school: 'Arima Girls RC' }).expect(200);
    const res = await save(me, {
      id: ME,
      previous_school: '',
      living_status: 'Other',
      guardian_section: 1,
      mother_section: 1,
    }).expect(200);
    expect(res.body.previous_school).toBeNull();
    expect(await record()).toMatchObject({
      previous_school: null,
      living_status: 'Other',
      guardian_section: 1,
      mother_section: 1,
    });
  });

  it('accepts every kind of field at its limits', async () => {
    await save(me, {
      id: ME,
      first_name: 'A'.repeat(20),
      home_address: 'x'.repeat(100),
      address_line_2: 'My own village',
      email: 'a@school.edu.tt',
      phone_home: '7654321',
      mobile_phone_mother: '',
      sex: 'Female',
      blood_type: 'AB-',
      date_of_birth: '2013-02-28',
      religion_code: 1,
      ethnic_group_code: 1,
      regional_corporation: 'Arima Borough Corporation',
      no_in_family: '12',
      mother_home_address: 'y'.repeat(255),
      guardian_name: 'g'.repeat(30),
      device_type: 'Tablet',
      mother_marital_status: 'Widowed',
      immigration_permit: 1,
      immigration_permit_no: 'IP-2024-0042',
      immigration_permit_expiry: '2027-08-31',
      other_learning_disablity: 'Processing speed',
      agree_terms_conditions: 1,
    }).expect(200);
    expect(await record()).toMatchObject({
      first_name: 'A'.repeat(20),
      phone_home: '7654321',
      mobile_phone_mother: null,
      religion_code: 1,
      no_in_family: '12',
    });
    await save(me, { id: ME, first_name: 'Aaliyah' }).expect(200);
  });

  describe('refuses bad values with the field and its message, saving nothing', () => {
    it('phones: 7 digits or empty', async () => {
      await refused({ id: ME, phone_home: '123456' }, 'phone_home', '7 Digits Needed');
      await refused({ id: ME, mother_business_phone: '12345678' }, 'mother_business_phone', '7 Digits Needed');
      await refused({ id: ME, emergency_home_phone: '12a4567' }, 'emergency_home_phone', 'Only Numbers Allowed');
      await refused({ id: ME, mobile_phone_guardian: '1868123' + '4' }, 'mobile_phone_guardian', '7 Digits Needed');
      await refused({ id: ME, phone_home: 1234567 }, 'phone_home', 'Must be text.');
    });

    it('e-mail addresses', async () => {
      await refused({ id: ME, email: 'not an email' }, 'email', 'Invalid e-mail');
      await refused({ id: ME, email_father: 'dad@' }, 'email_father', 'Invalid e-mail');
      await refused({ id: ME, email_guardian: `${'g'.repeat(45)}@x.com` }, 'email_guardian', 'At most 50 characters.');
    });

    it('required fields', async () => {
      for (const field of ['first_name', 'last_name', 'sex', 'date_of_birth']) {
        await refused({ id: ME, [field]: '' }, field, 'This field is required.');
        await refused({ id: ME, [field]: null }, field, 'This field is required.');
      }
      await refused({ id: ME, first_name: '   ' }, 'first_name', 'This field is required.');
    });

    it('the maximum lengths of docs/product.md §5', async () => {
      const cases: [string, number][] = [
        ['first_name', 20],
        ['last_name', 20],
        ['middle_name', 20],
        ['home_address', 100],
        ['address_line_2', 100],
        ['previous_school', 50],
        ['sea_no', 15],
        ['birth_certificate_no', 15],
        ['place_of_birth', 25],
        ['nationality', 25],
        ['mother_name', 35],
        ['father_name', 35],
        ['mother_occupation', 35],
        ['father_occupation', 35],
        ['mother_home_address', 255],
        ['father_home_address', 255],
        ['mother_business_place', 50],
        ['father_business_address', 50],
        ['id_card_mother', 20],
        ['id_card_father', 20],
        ['guardian_name', 30],
        ['home_address_guardian', 255],
        ['guardian_occupation', 50],
        ['guardian_business_place', 50],
        ['guardian_business_address', 50],
        ['id_card_guardian', 20],
        ['emergency_contact', 50],
        ['medical_history', 2000],
        ['other_learning_disablity', 255],
      ];
      for (const [field, max] of cases)
        await refused({ id: ME, [field]: 'x'.repeat(max + 1) }, field, `At most ${max} characters.`);
    });

    it('family numbers: two digits', async () => {
      await refused({ id: ME, no_in_family: '123' }, 'no_in_family', 'Numbers only, at most 2 digits.');
      await refused({ id: ME, no_at_home: 'ab' }, 'no_at_home', 'Numbers only, at most 2 digits.');
      await refused({ id: ME, place_in_family: 2 }, 'place_in_family', 'Must be text.');
    });

    it('dates: real calendar dates, no future birth, nothing before 1950', async () => {
      const tomorrow = localDate(new Date(Date.now() + 36 * 3_600_000), t.config.timeZone);
      await refused({ id: ME, date_of_birth: tomorrow }, 'date_of_birth', 'The date of birth cannot be in the future.');
      await refused({ id: ME, date_of_birth: '2013-02-30' }, 'date_of_birth', 'Enter a date as YYYY-MM-DD.');
      await refused({ id: ME, date_of_birth: '17/05/2013' }, 'date_of_birth', 'Enter a date as YYYY-MM-DD.');
      await refused({ id: ME, date_of_birth: '1949-12-31' }, 'date_of_birth', 'The date cannot be before 1950-01-01.');
      await refused(
        { id: ME, immigration_permit_issued: '2020-13-01' },
        'immigration_permit_issued',
        'Enter a date as YYYY-MM-DD.',
      );
    });

    it('flags: only 0 or 1', async () => {
      await refused({ id: ME, hepatitis: 2 }, 'hepatitis', 'Must be 0 or 1.');
      await refused({ id: ME, agree_terms_conditions: true }, 'agree_terms_conditions', 'Must be 0 or 1.');
      await refused({ id: ME, transport: '1' }, 'transport', 'Must be 0 or 1.');
      await refused({ id: ME, mother_section: null }, 'mother_section', 'Must be 0 or 1.');
    });

    it('options: only from the lists', async () => {
      await refused({ id: ME, sex: 'female' }, 'sex', 'Choose one of: Female, Male.');
      await refused({ id: ME, blood_type: 'C+' }, 'blood_type', /Choose one of: O\+, O-, A\+/);
      await refused(
        { id: ME, mother_marital_status: 'Engaged' },
        'mother_marital_status',
        'Choose one of: Married, Single, Divorced, Widowed.',
      );
      await refused(
        { id: ME, living_status: 'Aunt' },
        'living_status',
        'Choose one of: Both Parents, Father Only, Mother Only, Guardian, Other.',
      );
      await refused(
        { id: ME, device_type: 'Console' },
        'device_type',
        'Choose one of: None, Phone, Laptop, Desktop, Tablet, Other.',
      );
    });

    it('lookups: religion, ethnic group and regional corporation must exist', async () => {
      await refused({ id: ME, religion_code: 9999 }, 'religion_code', 'Choose an item from the list.');
      await refused({ id: ME, ethnic_group_code: 9999 }, 'ethnic_group_code', 'Choose an item from the list.');
      await refused({ id: ME, ethnic_group_code: '1' }, 'ethnic_group_code', 'Choose an item from the list.');
      await refused(
        { id: ME, regional_corporation: 'Atlantis Corporation' },
        'regional_corporation',
        'Choose an item from the list.',
      );
    });

    it('unknown fields and the timestamps', async () => {
      await refused({ id: ME, favourite_colour: 'blue' }, 'favourite_colour', /should not exist/);
      await refused({ id: ME, updated_at: '2020-01-01T00:00:00.000Z' }, 'updated_at', /should not exist/);
      await refused({ id: ME, password_reset: 0 }, 'password_reset', /should not exist/);
    });

    it('one bad field refuses the whole save', async () => {
      await refused({ id: ME, middle_name: 'Should Not Save', phone_home: '12' }, 'phone_home', '7 Digits Needed');
    });
  });
});

describe('POST /api/student: a save never overwrites a newer value from another device', () => {
  const TWO_DEVICES = '20260103';
  let me: ApiClient;
  const record = async () =>
    (await admin.get(`/api/student-record/${TWO_DEVICES}`).expect(200)).body[0] as Record<string, unknown>;
  beforeAll(async () => {
    await createStudent(t, {
      id: TWO_DEVICES,
      first_name: 'Celeste',
      last_name: 'Baptiste',
      password: 'Student-Pass-103',
    });
    me = await signedInStudent(t, TWO_DEVICES, 'Student-Pass-103');
  });
  it('answers 409 with the current value when the field changed since the client read it; no change', async () => {
    await save(me, { id: TWO_DEVICES, mother_occupation: 'Teacher' }).expect(200);
    // The phone read 'Teacher'; the laptop then saved 'Nurse'.
    await save(me, { id: TWO_DEVICES, mother_occupation: 'Nurse', expected: { mother_occupation: 'Teacher' } }).expect(
      200,
    );
    const before = await record();
    const res = await save(me, {
      id: TWO_DEVICES,
      mother_occupation: 'Doctor',
      expected: { mother_occupation: 'Teacher' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      message: 'This answer was changed on another device since you opened it.',
      errors: { mother_occupation: ['This answer was changed on another device since you opened it.'] },
      current: { mother_occupation: 'Nurse' },
    });
    expect(await record()).toEqual(before);
    // "Keep mine": the same value sent again with what the server now holds goes through.
    await save(me, { id: TWO_DEVICES, mother_occupation: 'Doctor', expected: { mother_occupation: 'Nurse' } }).expect(
      200,
    );
    expect((await record()).mother_occupation).toBe('Doctor');
  });

  it('an empty field reads the same as null, and saving the value already stored is no conflict', async () => {
    await save(me, { id: TWO_DEVICES, achievements: '' }).expect(200);
    await save(me, { id: TWO_DEVICES, achievements: 'Chess club', expected: { achievements: '' } }).expect(200);
    // Both devices typed the same answer: nothing to resolve.
    await save(me, { id: TWO_DEVICES, achievements: 'Chess club', expected: { achievements: null } }).expect(200);
    await save(me, { id: TWO_DEVICES, typhoid: 1, expected: { typhoid: 0 } }).expect(200);
    expect((await save(me, { id: TWO_DEVICES, typhoid: 0, expected: { typhoid: 0 } })).status).toBe(409);
  });

  it('checks only the fields it names: a conflict on one refuses the whole save, others are untouched', async () => {
    await save(me, { id: TWO_DEVICES, father_occupation: 'Farmer', father_name: 'Paul' }).expect(200);
    const res = await save(me, {
      id: TWO_DEVICES,
      father_occupation: 'Pilot',
      father_name: 'Peter',
      expected: { father_occupation: 'Fisherman' },
    });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body.current)).toEqual(['father_occupation']);
    expect(await record()).toMatchObject({ father_occupation: 'Farmer', father_name: 'Paul' });
  });

  it('refuses an expected value for a field not being saved (422); a save without one is applied', async () => {
    const res = await save(me, { id: TWO_DEVICES, allergy: 'Dust', expected: { asthma: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.errors.expected[0]).toBe('Only fields that are being saved can have an expected value.');
    expect((await save(me, { id: TWO_DEVICES, expected: 'x' })).status).toBe(422);
    expect((await save(me, { id: TWO_DEVICES, allergy: 'Dust', expected: null })).status).toBe(422);
    await save(me, { id: TWO_DEVICES, allergy: 'Dust' }).expect(200);
  });
});

describe('POST /api/student: who may save', () => {
  it('a student may never set her house or class', async () => {
    await refused(
      { id: ME, house_code: 2 },
      'house_code',
      'House and class are set by the school and cannot be changed here.',
    );
    await refused(
      { id: ME, class_id: '2A' },
      'class_id',
      'House and class are set by the school and cannot be changed here.',
    );
  });

  it("a student naming another student's id gets 403 and changes nothing", async () => {
    const before = await record(OTHER);
    const res = await save(me, { id: OTHER, middle_name: 'Hacked' });
    expect(res.status).toBe(403);
    expect(await record(OTHER)).toEqual(before);
    expect((await me.get(`/api/student-record/${OTHER}`)).status).toBe(403);
  });

  it('a visitor gets 401', async () => {
    const { ApiClient } = await import('../fixtures/api-client.js');
    const visitor = await new ApiClient(t).primeCsrf();
    expect((await save(visitor, { id: ME, middle_name: 'x' })).status).toBe(401);
  });

  it('closed registration: 403 with the reason for a student, allowed for an admin', async () => {
    await setRegistrationStatus(t, 0, null);
    const res = await save(me, { id: ME, allergy: 'Dust' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Registration is closed. Please contact the school office to change your record.');
    await save(admin, { id: ME, allergy: 'Dust' }).expect(200);

    const yesterday = localDate(new Date(Date.now() - 36 * 3_600_000), t.config.timeZone);
    await setRegistrationStatus(t, 1, yesterday);
    const late = await save(me, { id: ME, allergy: 'Pollen' });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(
      `Registration closed on ${yesterday}. Please contact the school office to change your record.`,
    );
    expect((await record()).allergy).toBe('Dust');

    const nextWeek = localDate(new Date(Date.now() + 7 * 86_400_000), t.config.timeZone);
    await setRegistrationStatus(t, 1, nextWeek);
    await save(me, { id: ME, allergy: 'Pollen' }).expect(200);
  });

  it('an admin may change any record, house and class included; an unknown student is 404', async () => {
    await save(admin, { id: OTHER, house_code: 2, class_id: '1A', first_name: 'Bri' }).expect(200);
    expect(await record(OTHER)).toMatchObject({ house_code: 2, class_id: '1A', first_name: 'Bri' });
    const badHouse = await save(admin, { id: OTHER, house_code: 999 });
    expect(badHouse.status).toBe(422);
    expect(badHouse.body.errors.house_code).toEqual(['Choose an item from the list.']);
    expect((await save(admin, { id: OTHER, class_id: '9Z' })).body.errors.class_id).toEqual([
      'Choose an item from the list.',
    ]);
    expect((await save(admin, { id: 'NOBODY', first_name: 'X' })).status).toBe(404);
  });
});

describe('the audit trail of saves', () => {
  it('records who changed which field from what to what, only for values that changed', async () => {
    await save(me, { id: ME, nationality: 'Trinidadian' }).expect(200);
    const before = (await auditRows(ME)).length;
    await save(me, { id: ME, nationality: 'Trinidad and Tobago', sex: 'Female', typhoid: 1 }).expect(200);
    const rows = (await auditRows(ME)).slice(before);
    // sex was already Female: unchanged values leave no row
    expect(rows.map((r) => [r.actor, r.action, r.field, r.old_value, r.new_value])).toEqual([
      [`student:${ME}`, 'student.updated', 'nationality', 'Trinidadian', 'Trinidad and Tobago'],
      [`student:${ME}`, 'student.updated', 'typhoid', '0', '1'],
    ]);
    await save(admin, { id: ME, nationality: 'Trinidadian' }).expect(200);
    expect((await auditRows(ME)).at(-1)).toMatchObject({
      actor: 'admin:office',
      field: 'nationality',
      old_value: 'Trinidad and Tobago',
      new_value: 'Trinidadian',
    });
  });

  it('a refused save writes no audit row', async () => {
    const before = await t.ds.getRepository(AuditEntry).count();
    await save(me, { id: ME, phone_home: 'abc' }).expect(422);
    await save(me, { id: ME, house_code: 1 }).expect(422);
    await save(me, { id: OTHER, middle_name: 'x' }).expect(403);
    expect(await t.ds.getRepository(AuditEntry).count()).toBe(before);
  });

  it("GET /api/audit lists a student's changes newest first, for admins only", async () => {
    await save(me, { id: ME, achievements: 'Netball captain' }).expect(200);
    const res = await admin.get(`/api/audit?student_id=${ME}&limit=2`).expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      actor: `student:${ME}`,
      action: 'student.updated',
      entity: 'student',
      entity_id: ME,
      field: 'achievements',
      old_value: null,
      new_value: 'Netball captain',
    });
    expect(res.body[0].id).toBeGreaterThan(res.body[1].id);
    expect(res.body[0]).not.toHaveProperty('actor_user_id');
    const older = await admin.get(`/api/audit?student_id=${ME}&limit=1&before_id=${res.body[0].id}`).expect(200);
    expect(older.body[0].id).toBe(res.body[1].id);
    expect(
      (await admin.get(`/api/audit?student_id=${OTHER}`).expect(200)).body.every(
        (r: { entity_id: string }) => r.entity_id === OTHER,
      ),
    ).toBe(true);
    expect((await admin.get('/api/audit?limit=0')).status).toBe(422);
    expect((await admin.get('/api/audit?limit=abc')).status).toBe(422);
    expect((await me.get(`/api/audit?student_id=${ME}`)).status).toBe(403);
  });
});

describe('registration status', () => {
  it('GET tells whether a student may edit now', async () => {
    expect((await me.get('/api/registration-status').expect(200)).body).toEqual({
      open: 1,
      deadline: null,
      editable: true,
    });
    await setRegistrationStatus(t, 0, null);
    expect((await me.get('/api/registration-status').expect(200)).body).toEqual({
      open: 0,
      deadline: null,
      editable: false,
    });
  });

  it('POST: an admin opens and closes it, audited; students may not', async () => {
    const before = await t.ds.getRepository(AuditEntry).count();
    expect((await me.post('/api/registration-status', { open: 0, deadline: null })).status).toBe(403);
    const closed = await admin.post('/api/registration-status', { open: 0, deadline: null }).expect(200);
    expect(closed.body).toEqual({ open: 0, deadline: null, editable: false });
    expect((await save(me, { id: ME, allergy: 'None' })).status).toBe(403);

    const res = await admin.post('/api/registration-status', { open: 1, deadline: '2099-06-30' }).expect(200);
    expect(res.body).toEqual({ open: 1, deadline: '2099-06-30', editable: true });
    await save(me, { id: ME, allergy: 'None' }).expect(200);

    const rows = (
      await t.ds
        .getRepository(AuditEntry)
        .find({ where: { action: 'registration-status.changed' }, order: { id: 'ASC' } })
    ).filter((r) => r.id > 0);
    expect(rows.slice(-3).map((r) => [r.actor, r.field, r.old_value, r.new_value])).toEqual([
      ['admin:office', 'open', '1', '0'],
      ['admin:office', 'open', '0', '1'],
      ['admin:office', 'deadline', null, '2099-06-30'],
    ]);
    expect(await t.ds.getRepository(AuditEntry).count()).toBeGreaterThan(before);
  });

  it('POST refuses bad values', async () => {
    expect((await admin.post('/api/registration-status', { open: 2 })).body.errors.open).toEqual(['Must be 0 or 1.']);
    expect(
      (await admin.post('/api/registration-status', { open: 1, deadline: '30/06/2099' })).body.errors.deadline,
    ).toEqual(['Enter a date as YYYY-MM-DD.']);
    expect((await admin.post('/api/registration-status', { open: 1, extra: 1 })).status).toBe(422);
  });
});

describe('GET /api/student-record', () => {
  it('returns every field of the record to the owner', async () => {
    const res = await me.get(`/api/student-record/${ME}`).expect(200);
    const { STUDENT_FIELDS } = await import('../../shared/student-fields.js');
    for (const f of STUDENT_FIELDS) expect(res.body[0], f.name).toHaveProperty(f.name);
    expect(res.body[0]).toHaveProperty('updatedAt');
    expect(res.body[0]).not.toHaveProperty('created_at');
    const row = await t.ds.getRepository(Student).findOneByOrFail({ id: ME });
    expect(res.body[0].updatedAt).toBe(row.updated_at);
  });
});
