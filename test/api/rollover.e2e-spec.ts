import { Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { DbSessionStore } from '../../server/auth/sessions/db-session-store.js';
import { Clock } from '../../server/config/clock.js';
import { FormClass } from '../../server/lookups/entities/lookups.entities.js';
import { ClassRule, Rollover, StudentClass } from '../../server/school-year/entities/school-year.entities.js';
import { localDate } from '../../server/common/time.js';
import { type LatestRollover, ROLLOVER_MESSAGES } from '../../shared/rollover.js';
import {
  type RolloverPreview,
  type RolloverPreviewStudent,
  type RolloverResult,
  SCHOOL_YEAR_MESSAGES,
} from '../../shared/school-year.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { pdfText } from '../fixtures/photos.js';
import { createAdmin, createStudent, setRegistrationStatus, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The rollover to the next school year (docs/product.md §12.2): the preview changes nothing, the confirm moves every
// current student on in one audited transaction and can be undone exactly until something is saved in the new year.

let t: TestApp;
let admin: ApiClient;
let eve: ApiClient;
let ava: ApiClient;
let year: number;

// id, first name, last name, class (null: none; 'PREP': a class without a form level)
const STUDENTS: [string, string, string, string | null][] = [
  ['R101', 'Ava', 'Adams', '1A'],
  ['R102', 'Bea', 'Brown', '1A'],
  ['R201', 'Cara', 'Cole', '2B'],
  ['R301', 'Jo', 'James', '3C'],
  ['R401', 'Kim', 'King', '4A'],
  ['R501', 'Dina', 'Diaz', '5A'],
  ['R502', 'Eve', 'Ellis', '5B'],
  ['R601', 'Fay', 'Fox', '6L'],
  ['R602', 'Gia', 'Grant', '6U'],
  ['R900', 'Hana', 'Hill', null],
  ['R901', 'Ida', 'Ince', 'PREP'],
];
const FORMER = 'R000';

const RULES = [
  { class_id: '5A', action: 'leave' },
  { class_id: '6L', action: 'promote', next_class_id: '6U' },
];
const CHANGES = [
  { id: 'R102', action: 'repeat' },
  { id: 'R502', action: 'leave', reason: 'Moved abroad' },
  { id: 'R301', action: 'promote', to_class_id: '4A' },
];

const studentRows = async () => (await t.ds.query('SELECT * FROM students ORDER BY id')) as Record<string, unknown>[];
const rulesRows = () => t.ds.getRepository(ClassRule).find({ order: { class_id: 'ASC' } });
const classIds = async () =>
  (await t.ds.getRepository(FormClass).find({ order: { class_id: 'ASC' } })).map((c) => c.class_id);
/** GET /api/rollover: null comes as an empty answer. */
const latest = async (): Promise<LatestRollover | null> => {
  const res = await admin.get('/api/rollover').expect(200);
  return res.text ? (res.body as LatestRollover) : null;
};
const changesCount = () => t.ds.getRepository(AuditEntry).count({ where: { action: Not('read') } });
const currentYear = async () => ((await admin.get('/api/school-year').expect(200)).body as { year: number }).year;
const registration = async () => (await admin.get('/api/registration-status').expect(200)).body as object;
const storedYears = async () => (await t.ds.query('SELECT year FROM school_years')) as { year: number }[];

/** Everything the rollover may change, to compare before and after. */
const snapshot = async () => ({
  students: await studentRows(),
  rules: await rulesRows(),
  classes: await classIds(),
  year: await currentYear(),
  stored: await storedYears(),
  registration: await registration(),
  history: await t.ds.getRepository(StudentClass).find({ order: { student_id: 'ASC', year: 'ASC' } }),
});

const formClass = async (id: string) =>
  /Class (\S+)/.exec(pdfText((await admin.download(`/api/registration-form/${id}`).expect(200)).body as Buffer))?.[1];

const outcomeOf = (preview: RolloverPreview) =>
  Object.fromEntries(preview.students.map((s) => [s.id, [s.action, s.to_class_id]]));

beforeAll(async () => {
  t = await startTestApp();
  for (const [id, first_name, last_name, classId] of STUDENTS)
    await createStudent(t, {
      id,
      first_name,
      last_name,
      password: `${first_name}-Rollover-Pass-1`,
      ...(classId === null || classId === 'PREP' ? { extra: { class_id: classId } } : { class_id: classId }),
    });
  await createStudent(t, {
    id: FORMER,
    first_name: 'Zoe',
    last_name: 'Zane',
    class_id: '6A',
    extra: { status: 'graduated', left_on: '2020-07-01' },
  });
  await createAdmin(t, 'roll-admin', 'Roll-Admin-Pass-1');
  admin = await signedInAdmin(t, 'roll-admin', 'Roll-Admin-Pass-1');
  eve = await signedInStudent(t, 'R502', 'Eve-Rollover-Pass-1');
  ava = await signedInStudent(t, 'R101', 'Ava-Rollover-Pass-1');
  // Hana has an address: a reset link can be sent to her.
  await t.ds.query('UPDATE students SET email = ? WHERE id = ?', ['hana@example.tt', 'R900']);
  // Kim agreed to the terms this year; Dina (who leaves) too.
  for (const id of ['R401', 'R501'])
    await t.ds.query(
      'UPDATE students SET agree_terms_conditions = 1, terms_version = 1, terms_agreed_at = ? WHERE id = ?',
      ['2026-09-15T08:00:00.000Z', id],
    );
  await setRegistrationStatus(t, 1, '2099-06-30');
  year = await currentYear();
});
afterAll(() => t.close());

describe('POST /api/rollover/preview', () => {
  it("shows each current student's default outcome, by class then name, and changes nothing", async () => {
    const before = await snapshot();
    const count = await changesCount();
    const preview = (await admin.post('/api/rollover/preview', { to_year: year + 1 }).expect(200))
      .body as RolloverPreview;
    expect(preview.from_year).toBe(year);
    expect(preview.to_year).toBe(year + 1);
    expect(preview.students.map((s) => s.id)).toEqual([
      'R101',
      'R102',
      'R201',
      'R301',
      'R401',
      'R501',
      'R502',
      'R601',
      'R602',
      'R901',
      'R900',
    ]);
    expect(preview.students[0]).toEqual<RolloverPreviewStudent>({
      id: 'R101',
      first_name: 'Ava',
      last_name: 'Adams',
      class_id: '1A',
      action: 'promote',
      to_class_id: '2A',
    });
    expect(outcomeOf(preview)).toEqual({
      R101: ['promote', '2A'],
      R102: ['promote', '2A'],
      R201: ['promote', '3B'],
      R301: ['promote', '4C'],
      R401: ['promote', '5A'],
      R501: ['promote', '6A'],
      R502: ['promote', '6B'],
      R601: ['graduate', null],
      R602: ['graduate', null],
      R900: ['repeat', null],
      R901: ['repeat', 'PREP'],
    });
    expect(preview.rules).toContainEqual({ class_id: '1A', action: 'promote', next_class_id: '2A', custom: false });
    expect(preview.rules).toContainEqual({ class_id: '6L', action: 'graduate', next_class_id: null, custom: false });
    expect(preview.rules.map((r) => r.class_id)).not.toContain('PREP');
    expect(await snapshot()).toEqual(before);
    expect(await changesCount()).toBe(count);
  });

  it("applies the request's rules over the defaults, still changing nothing", async () => {
    const before = await snapshot();
    const preview = (await admin.post('/api/rollover/preview', { to_year: year + 1, rules: RULES }).expect(200))
      .body as RolloverPreview;
    expect(outcomeOf(preview)).toMatchObject({ R501: ['leave', null], R601: ['promote', '6U'] });
    expect(preview.rules).toContainEqual({ class_id: '5A', action: 'leave', next_class_id: null, custom: true });
    expect(preview.rules).toContainEqual({ class_id: '6L', action: 'promote', next_class_id: '6U', custom: true });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses another year than the next (409) and a rule for an unknown class (422)', async () => {
    const res = await admin.post('/api/rollover/preview', { to_year: year + 2 }).expect(409);
    expect(res.body.message).toBe(SCHOOL_YEAR_MESSAGES.rolloverWrongYear(year));
    const bad = await admin
      .post('/api/rollover/preview', { to_year: year + 1, rules: [{ class_id: '9Z', action: 'leave' }] })
      .expect(422);
    expect(bad.body.errors).toEqual({ 'rules.0.class_id': [ROLLOVER_MESSAGES.ruleUnknownClass('9Z')] });
  });
});

describe('POST /api/rollover', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('GET /api/rollover answers null before any rollover', async () => {
    expect(await latest()).toBeNull();
  });

  it('refuses a skipped year (409) and bad changes (422, naming each), changing nothing', async () => {
    before = await snapshot();
    const count = await changesCount();
    const skipped = await admin.post('/api/rollover', { to_year: year + 2 }).expect(409);
    expect(skipped.body.message).toBe(SCHOOL_YEAR_MESSAGES.rolloverWrongYear(year));

    const cases: [object, Record<string, string[]>][] = [
      [{ id: 'NOPE1', action: 'leave' }, { 'changes.0.id': [ROLLOVER_MESSAGES.notCurrentStudent('NOPE1')] }],
      [{ id: FORMER, action: 'repeat' }, { 'changes.0.id': [ROLLOVER_MESSAGES.notCurrentStudent(FORMER)] }],
      [
        { id: 'R301', action: 'promote', to_class_id: '4D' },
        { 'changes.0.to_class_id': [ROLLOVER_MESSAGES.unknownClass('4D')] },
      ],
      [
        { id: 'R502', action: 'leave', reason: 'x'.repeat(201) },
        { 'changes.0.reason': [ROLLOVER_MESSAGES.reasonTooLong] },
      ],
      [{ id: 'R502', action: 'explode' }, { 'changes.0.action': [ROLLOVER_MESSAGES.unknownAction] }],
      [{ id: 'R900', action: 'promote' }, { 'changes.0.to_class_id': [ROLLOVER_MESSAGES.noTargetClass('R900')] }],
    ];
    for (const [change, errors] of cases) {
      const res = await admin.post('/api/rollover', { to_year: year + 1, changes: [change] }).expect(422);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0][0]);
    }
    // A good change beside a bad one: still nothing.
    const mixed = await admin
      .post('/api/rollover', {
        to_year: year + 1,
        changes: [CHANGES[0], { id: 'R101', action: 'promote', to_class_id: '9Z' }],
      })
      .expect(422);
    expect(Object.keys(mixed.body.errors)).toEqual(['changes.1.to_class_id']);
    expect(await snapshot()).toEqual(before);
    expect(await changesCount()).toBe(count);
  });

  it('moves the school on: rules, changes, counts, the year, registration closed, class history', async () => {
    expect(await formClass('R101')).toBe('1A');
    const res = await admin.post('/api/rollover', { to_year: year + 1, rules: RULES, changes: CHANGES }).expect(200);
    expect(res.body).toEqual<RolloverResult>({ to_year: year + 1, promoted: 5, repeated: 3, graduated: 1, left: 2 });
    expect(await currentYear()).toBe(year + 1);
    expect(await storedYears()).toEqual([{ year: year + 1 }]);
    // Every tab and device of the office finds the outcome and the undo on the server.
    const found = await latest();
    expect(found).toEqual<LatestRollover>({
      from_year: year,
      to_year: year + 1,
      rolled_at: expect.any(String) as string,
      actor: 'admin:roll-admin',
      promoted: 5,
      repeated: 3,
      graduated: 1,
      left: 2,
      undoable: true,
    });
    expect(Date.parse(found!.rolled_at)).toBeLessThanOrEqual(Date.now());

    const today = localDate(new Date(), t.config.timeZone);
    const rows = Object.fromEntries((await studentRows()).map((r) => [r.id, r]));
    const standing = (id: string) => {
      const { class_id, status, left_on, leaving_reason } = rows[id];
      return [class_id, status, left_on, leaving_reason];
    };
    expect(standing('R101')).toEqual(['2A', 'current', null, null]);
    // Her registration form, kept in memory while her record is unchanged, shows her new class.
    expect(await formClass('R101')).toBe('2A');
    expect(standing('R102')).toEqual(['1A', 'current', null, null]);
    expect(standing('R201')).toEqual(['3B', 'current', null, null]);
    expect(standing('R301')).toEqual(['4A', 'current', null, null]);
    expect(standing('R401')).toEqual(['5A', 'current', null, null]);
    expect(standing('R501')).toEqual(['5A', 'left', today, null]);
    expect(standing('R502')).toEqual(['5B', 'left', today, 'Moved abroad']);
    expect(standing('R601')).toEqual(['6U', 'current', null, null]);
    expect(standing('R602')).toEqual(['6U', 'graduated', today, null]);
    expect(standing('R900')).toEqual([null, 'current', null, null]);
    expect(standing('R901')).toEqual(['PREP', 'current', null, null]);
    expect(standing(FORMER)).toEqual(['6A', 'graduated', '2020-07-01', null]);
    // Only what the rows did not change: updated_at is her last save, not the rollover.
    for (const r of before.students) expect(rows[r.id as string].updated_at).toBe(r.updated_at);

    expect(await classIds()).toEqual([...before.classes, '2A', '3B'].sort());
    expect(await rulesRows()).toEqual([
      { class_id: '5A', action: 'leave', next_class_id: null },
      { class_id: '6L', action: 'promote', next_class_id: '6U' },
    ]);
    expect(await registration()).toMatchObject({ open: 0, deadline: '2099-06-30', editable: false });

    // Each registration of the year is kept (docs/product.md §13); last year's agreement no longer counts for those
    // who return (Kim), and stays as it was for those who leave (Dina).
    const kept = (await t.ds.query('SELECT student_id, year FROM registration_archives ORDER BY student_id')) as {
      student_id: string;
      year: number;
    }[];
    expect(kept).toEqual(STUDENTS.map(([id]) => ({ student_id: id, year })));
    expect([rows.R401.agree_terms_conditions, rows.R401.terms_version]).toEqual([0, null]);
    expect([rows.R501.agree_terms_conditions, rows.R501.terms_version]).toEqual([1, 1]);

    const history = await t.ds.getRepository(StudentClass).find({ order: { student_id: 'ASC' } });
    expect(history).toEqual(
      STUDENTS.map(([id, , , classId]) => ({ student_id: id, year, class_id: classId })).sort((a, b) =>
        a.student_id < b.student_id ? -1 : 1,
      ),
    );
  });

  it("writes one entry in each student's history, a summary, and the registration change", async () => {
    const entries = await t.ds.getRepository(AuditEntry).find({ where: { action: Not('read') }, order: { id: 'ASC' } });
    const of = (id: string) => entries.filter((e) => e.entity === 'student' && e.entity_id === id);
    // One entry for her outcome; a returning student's agreement of last year set aside is one more (Kim's).
    for (const [id] of STUDENTS) expect(of(id), id).toHaveLength(id === 'R401' ? 2 : 1);
    expect(of('R401').map((e) => e.action)).toEqual(['student.terms-expired', 'student.promoted']);
    expect(of(FORMER)).toHaveLength(0);
    expect(of('R101')[0]).toMatchObject({
      actor: 'admin:roll-admin',
      action: 'student.promoted',
      field: 'class_id',
      old_value: '1A',
      new_value: '2A',
    });
    expect(of('R102')[0]).toMatchObject({ action: 'student.repeated', old_value: '1A', new_value: '1A' });
    expect(of('R502')[0]).toMatchObject({
      action: 'student.left',
      field: 'status',
      old_value: 'current',
      new_value: 'left',
    });
    expect(of('R602')[0]).toMatchObject({ action: 'student.graduated', new_value: 'graduated' });
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'school-year.rolled-over',
        entity: 'school_year',
        old_value: String(year),
        new_value: String(year + 1),
      }),
    );
    expect(entries.at(-1)).toMatchObject({
      action: 'registration-status.changed',
      field: 'open',
      old_value: '1',
      new_value: '0',
    });
    const [rollover] = await t.ds.getRepository(Rollover).find();
    expect(rollover.last_audit_id).toBe(entries.at(-1)!.id);
  });

  it("ends every session of the students who left; the others' stay", async () => {
    const ended = await eve.get('/api/student-record/R502');
    expect(ended.status).toBe(401);
    // She is told why: her time at the school has ended (the sign-in page shows it).
    expect(ended.body.reason).toBe('left-school');
    await ava.get('/api/student-record/R101').expect(200);
  });

  it('refuses the same year twice (409)', async () => {
    const res = await admin.post('/api/rollover', { to_year: year + 1 }).expect(409);
    expect(res.body.message).toBe(SCHOOL_YEAR_MESSAGES.rolloverWrongYear(year + 1));
  });

  it('is undone exactly: students, rules, created classes, history, the year (stored), registration', async () => {
    // The office's reads are not saves: they do not end the undo.
    await admin.get('/api/student-record/R101').expect(200);
    // A year on, the date's school year is the next one: the undo stores the year it restores (the school had never
    // rolled over, and its students are back in that year's classes).
    const clock = t.app.get(Clock);
    clock.advance(365 * 24 * 3_600_000);
    try {
      const res = await admin.post('/api/rollover/undo').expect(200);
      expect(res.body).toEqual({ year });
      expect(await snapshot()).toEqual({ ...before, stored: [{ year }] });
      // The kept registrations of the year are gone with it (Kim's agreement is back: the students compared above).
      expect(await t.ds.query('SELECT student_id FROM registration_archives')).toEqual([]);
    } finally {
      clock.reset();
    }
    const undone = await t.ds.getRepository(AuditEntry).find({ where: { action: 'student.rollover-undone' } });
    // One per student, and one more for Kim's agreement put back.
    expect(undone).toHaveLength(STUDENTS.length + 1);
    expect(undone.filter((e) => e.entity_id === 'R401').map((e) => e.field)).toEqual([
      'agree_terms_conditions',
      'class_id',
    ]);
    expect(undone.find((e) => e.entity_id === 'R502')).toMatchObject({
      field: 'status',
      old_value: 'left',
      new_value: 'current',
    });
    expect(undone.find((e) => e.entity_id === 'R101')).toMatchObject({
      field: 'class_id',
      old_value: '2A',
      new_value: '1A',
    });
  });

  it('has nothing more to undo (409)', async () => {
    const res = await admin.post('/api/rollover/undo').expect(409);
    expect(res.body.message).toBe(SCHOOL_YEAR_MESSAGES.nothingToUndo);
    expect(await latest()).toBeNull();
  });

  it('rolls over again after the undo; a save in the new year then ends the undo (409)', async () => {
    const res = await admin.post('/api/rollover', { to_year: year + 1, rules: RULES, changes: CHANGES }).expect(200);
    expect(res.body).toEqual<RolloverResult>({ to_year: year + 1, promoted: 5, repeated: 3, graduated: 1, left: 2 });
    expect(await currentYear()).toBe(year + 1);
    expect(await t.ds.getRepository(StudentClass).count()).toBe(STUDENTS.length);

    const count = await changesCount();
    await admin.post('/api/student', { id: 'R101', place_of_birth: 'San Fernando' }).expect(200);
    expect(await changesCount()).toBeGreaterThan(count);
    const refused = await admin.post('/api/rollover/undo').expect(409);
    expect(refused.body.message).toBe(SCHOOL_YEAR_MESSAGES.undoAfterSave);
    expect(await currentYear()).toBe(year + 1);
    // The outcome stays to be seen; the undo's own check says it is no longer possible.
    expect(await latest()).toMatchObject({ to_year: year + 1, promoted: 5, repeated: 3, left: 2, undoable: false });
  });

  it('is refused to anyone but the office, changing nothing', async () => {
    const count = await changesCount();
    for (const [path, body] of [
      ['/api/rollover/preview', { to_year: year + 2 }],
      ['/api/rollover', { to_year: year + 2 }],
      ['/api/rollover/undo', {}],
    ] as const)
      expect((await ava.post(path, body)).status).toBe(403);
    expect((await ava.get('/api/rollover')).status).toBe(403);
    expect(await currentYear()).toBe(year + 1);
    expect(await changesCount()).toBe(count);
  });
});

describe('undo after the office opens registration in the new year', () => {
  it('is refused (409)', async () => {
    const next = await currentYear();
    await admin.post('/api/rollover', { to_year: next + 1 }).expect(200);
    await admin.post('/api/registration-status', { open: 1, deadline: null }).expect(200);
    const refused = await admin.post('/api/rollover/undo').expect(409);
    expect(refused.body.message).toBe(SCHOOL_YEAR_MESSAGES.undoAfterSave);
  });
});

describe('the undo: what ends it, and what it puts back', () => {
  const rollover = async (body: object = {}) =>
    (await admin.post('/api/rollover', { to_year: (await currentYear()) + 1, ...body }).expect(200))
      .body as RolloverResult;
  const latest = async () => (await t.ds.getRepository(Rollover).find({ order: { id: 'DESC' }, take: 1 }))[0];
  let hana: ApiClient;

  beforeAll(async () => {
    hana = await signedInStudent(t, 'R900', 'Hana-Rollover-Pass-1');
  });

  it('puts back stored rules, a closed registration, the class register; a reset link asked is no save', async () => {
    // Registration closed with a deadline, rules kept from before, and a class in another case ('2q') beside the one
    // the rollover creates ('2Q'): on MariaDB the two are one name, and the undo must not remove the office's.
    await admin.post('/api/registration-status', { open: 0, deadline: '2099-05-31' }).expect(200);
    await t.ds.getRepository(FormClass).insert({ class_id: '2q', form_level: 2 });
    await createStudent(t, { id: 'R150', first_name: 'Lia', last_name: 'Lee', class_id: '1Q' });
    const rulesBefore = await rulesRows();
    expect(rulesBefore).toContainEqual({ class_id: '5A', action: 'leave', next_class_id: null });
    const start = await snapshot();
    expect(start.registration).toMatchObject({ open: 0, deadline: '2099-05-31' });
    expect(start.history.length).toBeGreaterThan(0);

    await rollover({ rules: [{ class_id: '5A', action: 'promote' }] });
    expect(await rulesRows()).not.toEqual(rulesBefore);
    const history = (await snapshot()).history;
    expect(history.length).toBeGreaterThan(start.history.length);
    // Asked by anyone, a reset link is not a save of the school's data: the undo stays open.
    const last = (await latest()).last_audit_id!;
    const visitor = await new ApiClient(t).primeCsrf();
    await visitor.post('/api/forgot-password', { student_id: 'R900' }).expect(202);
    await t.app.get(PasswordRecoveryService).settle();
    expect(
      await t.ds.getRepository(AuditEntry).count({ where: { action: 'password.reset-link-sent', entity_id: 'R900' } }),
    ).toBe(1);
    expect((await t.ds.getRepository(AuditEntry).find({ order: { id: 'DESC' }, take: 1 }))[0].id).toBeGreaterThan(last);

    await admin.post('/api/rollover/undo').expect(200);
    expect(await snapshot()).toEqual(start);
  });

  it("a family's save in the new year ends the undo (409)", async () => {
    const year = await currentYear();
    await rollover();
    // A family saves while registration is open, and opening it is a save of its own: opened here without an entry,
    // so that her save alone is what the undo sees.
    await setRegistrationStatus(t, 1, null);
    const count = await changesCount();
    await hana.post('/api/student', { id: 'R900', place_of_birth: 'Arima' }).expect(200);
    expect(await changesCount()).toBeGreaterThan(count);
    const refused = await admin.post('/api/rollover/undo').expect(409);
    expect(refused.body.message).toBe(SCHOOL_YEAR_MESSAGES.undoAfterSave);
    expect(await currentYear()).toBe(year + 1);
  });

  it('a save written while the rollover ran (a lower id, committed later) ends the undo too (409)', async () => {
    await rollover();
    await admin.post('/api/student', { id: 'R900', place_of_birth: 'Chaguanas' }).expect(200);
    // As if the save's entry had been given its id before the rollover's last one and committed after it.
    const [saved] = await t.ds.getRepository(AuditEntry).find({ order: { id: 'DESC' }, take: 1 });
    expect(saved.action).toBe('student.updated');
    await t.ds.getRepository(Rollover).update({ id: (await latest()).id }, { last_audit_id: saved.id });
    const refused = await admin.post('/api/rollover/undo').expect(409);
    expect(refused.body.message).toBe(SCHOOL_YEAR_MESSAGES.undoAfterSave);
  });

  it('refuses to replace a row of the register of classes (409), changing nothing', async () => {
    const year = await currentYear();
    await t.ds.getRepository(StudentClass).insert({ student_id: 'R900', year, class_id: 'OLD' });
    try {
      const start = await snapshot();
      const count = await changesCount();
      const res = await admin.post('/api/rollover', { to_year: year + 1 }).expect(409);
      expect(res.body.message).toBe(ROLLOVER_MESSAGES.historyExists(year, ['R900']));
      expect(await snapshot()).toEqual(start);
      expect(await changesCount()).toBe(count);
    } finally {
      await t.ds.getRepository(StudentClass).delete({ student_id: 'R900', year });
    }
  });

  it("ends the leavers' sessions within the rollover: the old way failing after commit is no 500", async () => {
    const ida = await signedInStudent(t, 'R901', 'Ida-Rollover-Pass-1');
    await ida.get('/api/student-record/R901').expect(200);
    const spy = vi
      .spyOn(t.app.get(DbSessionStore), 'destroyAllSessions')
      .mockRejectedValue(new Error('sessions unavailable'));
    try {
      const res = await rollover({ changes: [{ id: 'R901', action: 'leave' }] });
      expect(res.left).toBeGreaterThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
    expect((await ida.get('/api/student-record/R901')).status).toBe(401);
    await hana.get('/api/student-record/R900').expect(200);
  });
});
