import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { StorageSweep } from '../../server/files/storage-sweep.js';
import type { StudentListItem } from '../../shared/admin-types.js';
import {
  type ArchivedForm,
  type RecordChange,
  type RegistrationRound,
  ROUND_MESSAGES,
  ROUND_WORDS,
} from '../../shared/registration-round.js';
import { ApiClient, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import { samplePdf } from '../fixtures/files.js';
import { pdfText, photo, RED } from '../fixtures/photos.js';
import {
  createAdmin,
  createGuardian,
  createStudent,
  setRegistrationStatus,
  startTestApp,
  type TestApp,
} from '../fixtures/test-app.js';

// A school year's registration round (docs/product.md §13): after the rollover a returning student starts from last
// year's answers and her family confirms each step or changes it; last year's agreement does not count; the office
// sees what changed and marks it reviewed; last year's form is kept as it was.

let t: TestApp;
let admin: ApiClient;
let rosa: ApiClient;
let mum: ApiClient;
let other: ApiClient;
let year: number;

const ROSA = 'RR101';
const OTHER = 'RR102';
const NEWCOMER = 'RR900';
const COMPLETE_RECORD = {
  sex: 'Female',
  birth_certificate_no: '123456789012',
  home_address: '1 Palm Street',
  address_line_2: 'Arima',
  place_of_birth: 'Trinidad and Tobago',
  nationality: 'Trinidadian',
  living_status: 'Mother Only',
  mother_name: 'Maria Rivera',
  mobile_phone_mother: '7771234',
  emergency_contact: 'Aunt Lucia',
  emergency_home_phone: '7775678',
  hepatitis: 1,
  allergy: 'Peanuts',
  device_type: 'Laptop',
  agree_terms_conditions: 1,
  terms_version: 1,
  terms_agreed_at: '2026-09-10T12:00:00.000Z',
} as const;

const roundOf = async (c: ApiClient, id = ROSA) =>
  (await c.get(`/api/registration-round/${id}`).expect(200)).body as RegistrationRound;
const confirm = (c: ApiClient, body: object, id = ROSA) => c.post(`/api/registration-round/${id}/confirm`, body);
const changesOf = async (y: number) =>
  (await admin.get(`/api/students/${ROSA}/changes?year=${y}`).expect(200)).body as RecordChange[];
const listRow = async (id = ROSA) =>
  ((await admin.get('/api/students').expect(200)).body as StudentListItem[]).find((s) => s.id === id)!;

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'round-admin', 'Round-Admin-Pass-1');
  for (const [id, name] of [
    [ROSA, 'Rosa'],
    [OTHER, 'Olga'],
  ] as const)
    await createStudent(t, {
      id,
      first_name: name,
      last_name: 'Rivera',
      class_id: '2A',
      password: `${name}-Round-Pass-1`,
      extra: COMPLETE_RECORD,
    });
  await createGuardian(t, {
    email: 'maria.rivera@example.org',
    name: 'Maria Rivera',
    password: 'Maria-Round-Pass-1',
    students: [ROSA],
  });
  admin = await signedInAdmin(t, 'round-admin', 'Round-Admin-Pass-1');
  rosa = await signedInStudent(t, ROSA, 'Rosa-Round-Pass-1');
  other = await signedInStudent(t, OTHER, 'Olga-Round-Pass-1');
  // Her documents of last year.
  for (const type of ['birth_certificate', 'immunization_card', 'sea_slip'])
    expect(
      (await rosa.storeFile(ROSA, type, [{ bytes: samplePdf(`Last year ${type}`), name: `${type}.pdf` }])).status,
    ).toBe(200);
  const picture = await photo({ width: 300, height: 400, colour: RED });
  expect((await rosa.storeFile(ROSA, 'picture', [{ bytes: picture, name: 'picture.jpg' }])).status).toBe(200);
  year = ((await admin.get('/api/school-year').expect(200)).body as { year: number }).year;
  expect(await roundOf(rosa)).toMatchObject({ year, returning: false, complete: true });
  // The school moves on; a newcomer is imported for the new year; registration opens.
  await admin.post('/api/rollover', { to_year: year + 1 }).expect(200);
  await createStudent(t, { id: NEWCOMER, first_name: 'Nia', class_id: '1A', password: 'Nia-Round-Pass-1' });
  await setRegistrationStatus(t, 1);
  mum = await signedInGuardian(t, 'maria.rivera@example.org', 'Maria-Round-Pass-1');
});
afterAll(() => t.close());

describe('the round of a returning student', () => {
  it('starts with every step to confirm from last year’s answers; last year’s agreement does not count', async () => {
    const round = await roundOf(mum);
    expect(round).toEqual({
      year: year + 1,
      returning: true,
      steps: {
        studentData: 'to_confirm',
        familyData: 'to_confirm',
        healthData: 'to_confirm',
        otherData: 'to_confirm',
        documents: 'to_confirm',
        submit: 'to_agree',
      },
      complete: false,
      documents: {},
    });
    const record = (await mum.get(`/api/student-record/${ROSA}`).expect(200)).body[0] as Record<string, unknown>;
    expect(record).toMatchObject({ allergy: 'Peanuts', mother_name: 'Maria Rivera', agree_terms_conditions: 0 });
    expect((await listRow()).round).toEqual({ returning: true, standing: 'not_started', changes: 'none' });
    // The current form says NOT complete until she agrees to this year's terms.
    const form = pdfText((await admin.download(`/api/registration-form/${ROSA}`).expect(200)).body as Buffer);
    expect(form).toMatch(/NOT complete/i);
    // A reminder names the steps still to confirm.
    const reminded = await admin.post('/api/registration-reminders', { student_ids: [ROSA] }).expect(200);
    expect(reminded.body).toMatchObject({ students: 1 });
    const [mail] = (await t.ds.query('SELECT text_body FROM outbox WHERE student_id = ? ORDER BY id DESC', [ROSA])) as {
      text_body: string;
    }[];
    expect(mail.text_body).toContain(`Student Data: ${ROUND_WORDS.confirmInReminder}`);
    expect(mail.text_body).toContain(`Upload Documents: ${ROUND_WORDS.confirmInReminder}`);
    expect(mail.text_body).toContain('Complete: Agreement to the terms and conditions');
  });

  it('a new intake student is not returning: her steps are as her progress says', async () => {
    const nia = await signedInStudent(t, NEWCOMER, 'Nia-Round-Pass-1');
    const round = await roundOf(nia, NEWCOMER);
    expect(round.returning).toBe(false);
    expect(round.steps).toMatchObject({ studentData: 'in_progress', documents: 'not_started', submit: 'not_started' });
    expect((await confirm(nia, { step: 'studentData' }, NEWCOMER)).status).toBe(409);
    expect((await confirm(nia, { step: 'studentData' }, NEWCOMER)).body.message).toBe(ROUND_MESSAGES.notReturning);
    expect((await listRow(NEWCOMER)).round).toEqual({ returning: false, standing: null, changes: null });
  });

  it('confirm, change and keep set the steps; another family, the office and a bad step are refused', async () => {
    expect((await confirm(other, { step: 'studentData' })).status).toBe(403);
    expect((await confirm(admin, { step: 'studentData' })).status).toBe(403);
    expect((await confirm(mum, { step: 'submit' })).status).toBe(422);
    for (const step of ['studentData', 'familyData', 'otherData'])
      expect((await confirm(mum, { step })).status, step).toBe(200);
    expect((await roundOf(rosa)).steps).toMatchObject({
      studentData: 'confirmed',
      familyData: 'confirmed',
      otherData: 'confirmed',
      healthData: 'to_confirm',
    });
    // Her mother changes the allergy: the medical step is changed (which counts as confirmed).
    const saved = await mum.post('/api/student', { id: ROSA, allergy: 'Peanuts, penicillin' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await roundOf(rosa)).steps.healthData).toBe('changed');
    // Documents: one slot kept, one replaced, then the rest kept at once.
    expect((await confirm(mum, { step: 'documents', document: 'immunization_covid' })).body.message).toBe(
      ROUND_MESSAGES.noFileToKeep,
    );
    const kept = (await confirm(mum, { step: 'documents', document: 'birth_certificate' }).expect(200))
      .body as RegistrationRound;
    expect(kept.documents).toEqual({ birth_certificate: 'kept' });
    expect(kept.steps.documents).toBe('to_confirm');
    expect(
      (await mum.storeFile(ROSA, 'immunization_card', [{ bytes: samplePdf('This year card'), name: 'card-2027.pdf' }]))
        .status,
    ).toBe(200);
    const all = (await confirm(mum, { step: 'documents' }).expect(200)).body as RegistrationRound;
    expect(all.documents).toEqual({
      birth_certificate: 'kept',
      immunization_card: 'replaced',
      sea_slip: 'kept',
      picture: 'kept',
    });
    expect(all.steps.documents).toBe('changed');
    expect(all.complete).toBe(false);
    // She agrees to this year's terms: complete.
    const terms = (await rosa.get('/api/terms-and-conditions').expect(200)).body as { version: number };
    await rosa
      .post('/api/student', { id: ROSA, agree_terms_conditions: 1, terms_version_read: terms.version })
      .expect(200);
    const done = await roundOf(mum);
    expect(done.steps.submit).toBe('agreed');
    expect(done.complete).toBe(true);
    expect((await listRow()).round).toEqual({ returning: true, standing: 'confirmed', changes: 'not_reviewed' });
    const confirmed = await t.ds.getRepository(AuditEntry).countBy({ action: 'registration-round.confirmed' });
    // three steps, one slot, then the two slots neither kept nor replaced
    expect(confirmed).toBe(3 + 1 + 2);
  });

  it('the office sees what changed, old and new, and marks it reviewed until a later change', async () => {
    const changes = await changesOf(year + 1);
    expect(changes.map((c) => c.field)).toEqual(['allergy', 'document:immunization_card']);
    expect(changes[0]).toMatchObject({
      label: expect.any(String),
      step: 'healthData',
      old_value: 'Peanuts',
      new_value: 'Peanuts, penicillin',
      medical: true,
      by: expect.stringContaining('maria.rivera@example.org'),
    });
    expect(changes[1]).toMatchObject({
      step: 'documents',
      old_value: 'immunization_card.pdf',
      new_value: 'card-2027.pdf',
    });
    expect((await admin.post(`/api/students/${ROSA}/reviewed`, { year: year + 1 }).expect(200)).body).toMatchObject({
      year: year + 1,
    });
    expect((await listRow()).round.changes).toBe('reviewed');
    // Keeping files is no new change: still reviewed.
    await confirm(mum, { step: 'documents' }).expect(200);
    expect((await listRow()).round.changes).toBe('reviewed');
    await new Promise((r) => setTimeout(r, 5));
    await rosa.post('/api/student', { id: ROSA, other_illness: 'Asthma' }).expect(200);
    expect((await listRow()).round.changes).toBe('not_reviewed');
    expect((await changesOf(year + 1)).find((c) => c.field === 'other_illness')).toMatchObject({ medical: true });
    expect((await admin.post(`/api/students/${ROSA}/reviewed`, { year: 'soon' })).status).toBe(422);
    expect((await rosa.get(`/api/students/${ROSA}/changes?year=${year + 1}`)).status).toBe(403);
  });

  it('last year’s form is kept as it was (SHA-256), while the current form shows the new answers', async () => {
    const years = (await admin.get(`/api/students/${ROSA}/archived-forms`).expect(200)).body as ArchivedForm[];
    expect(years.map((y) => y.year)).toEqual([year]);
    const get = (c: ApiClient, q: string) => c.download(`/api/registration-form/${ROSA}${q}`);
    const old = (await get(mum, `?year=${year}`).expect(200)).body as Buffer;
    const again = (await get(admin, `?year=${year}`).expect(200)).body as Buffer;
    expect(again.equals(old)).toBe(true);
    const oldText = pdfText(old);
    expect(oldText).toContain('Peanuts');
    expect(oldText).not.toContain('penicillin');
    const nowText = pdfText((await get(rosa, '').expect(200)).body as Buffer);
    expect(nowText).toContain('Peanuts, penicillin');
    const [kept] = (await admin.get(`/api/students/${ROSA}/archived-forms`).expect(200)).body as ArchivedForm[];
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(other, `?year=${year}`)).status).toBe(403);
    // Her subject-access export carries the kept year's form, byte for byte.
    const exported = await admin.download(`/api/students/${ROSA}/export`).expect(200);
    const zip = await JSZip.loadAsync(exported.body as Buffer);
    const entry = zip.file(`pdfs/Registration Form ${ROSA} ${year}-${year + 1}.pdf`);
    expect(entry).not.toBeNull();
    expect((await entry!.async('nodebuffer')).equals(old)).toBe(true);
    expect((await get(admin, `?year=${year - 5}`)).status).toBe(404);
  });

  it('the forms folder keeps only PDFs a kept year names: one left without its row goes after an hour', async () => {
    const get = () => admin.download(`/api/registration-form/${ROSA}?year=${year}`).expect(200);
    const before = (await get()).body as Buffer;
    // Bytes whose row was never written (the process killed between the two): two hours old, and ten minutes old
    // (another instance may still be recording those).
    const dir = path.join(t.config.uploadsDir, 'forms', 'ab');
    mkdirSync(dir, { recursive: true });
    const leftover = (name: string, minutesOld: number) => {
      const file = path.join(dir, name);
      writeFileSync(file, samplePdf('A form no kept year names'));
      const at = new Date(Date.now() - minutesOld * 60_000);
      utimesSync(file, at, at);
      return file;
    };
    const stale = leftover('ab'.repeat(16), 120);
    const recent = leftover('cd'.repeat(16), 10);
    // The kept year's own PDF, as old as the stale one: only its row keeps it.
    const [{ pdf_stored_name: keptName }] = (await t.ds.query(
      'SELECT pdf_stored_name FROM registration_archives WHERE student_id = ? AND year = ?',
      [ROSA, year],
    )) as { pdf_stored_name: string }[];
    const twoHoursAgo = new Date(Date.now() - 120 * 60_000);
    utimesSync(path.join(t.config.uploadsDir, 'forms', keptName), twoHoursAgo, twoHoursAgo);

    expect(await t.app.get(StorageSweep).sweep()).toEqual({ unfinished: 0, orphans: 1 });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    // The kept year's PDF stays, byte for byte.
    expect(((await get()).body as Buffer).equals(before)).toBe(true);
  });
});
