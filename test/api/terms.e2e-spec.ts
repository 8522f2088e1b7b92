import { Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import type { RegistrationProgressOverview } from '../../shared/admin-types.js';
import { DEFAULT_TERMS_TEXT, TERMS_MESSAGES, TERMS_TEXT_MAX, type TermsOfRegistration } from '../../shared/terms.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createStudent, setRegistrationStatus, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The school's terms and conditions of registration: the text an administrator sets (each change a
// new, audited version), and the server's stamp of which version a student agreed to and when,
// written in the same save as her tick (POST /api/student).

const NIA = 'T100';
const OMA = 'T200';
let t: TestApp;
let admin: ApiClient;
let nia: ApiClient;
let oma: ApiClient;

// Changes only: an administrator's reads of a record are audited too ('read' entries), and this file is about
// what the saves write.
const auditOf = (entityId: string) =>
  t.ds.getRepository(AuditEntry).find({ where: { entity_id: entityId, action: Not('read') }, order: { id: 'ASC' } });
const auditCount = () => t.ds.getRepository(AuditEntry).count({ where: { action: Not('read') } });
const recordOf = async (id: string) =>
  (await admin.get(`/api/student-record/${id}`).expect(200)).body[0] as Record<string, unknown>;
const currentTerms = async (c: ApiClient) =>
  (await c.get('/api/terms-and-conditions').expect(200)).body as TermsOfRegistration;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: NIA, first_name: 'Nia', last_name: 'Charles', password: 'Nia-Terms-Pass-1' });
  await createStudent(t, { id: OMA, first_name: 'Oma', last_name: 'Ramdass', password: 'Oma-Terms-Pass-1' });
  await createAdmin(t, 'terms-admin', 'Terms-Admin-Pass-1');
  admin = await signedInAdmin(t, 'terms-admin', 'Terms-Admin-Pass-1');
  nia = await signedInStudent(t, NIA, 'Nia-Terms-Pass-1');
  oma = await signedInStudent(t, OMA, 'Oma-Terms-Pass-1');
});
afterAll(() => t.close());

describe('the text of the terms', () => {
  it('starts as the default text, version 1, readable by anyone signed in', async () => {
    const terms = await currentTerms(nia);
    expect(terms).toMatchObject({ version: 1, text: DEFAULT_TERMS_TEXT });
    expect(Number.isNaN(Date.parse(terms.updated_at))).toBe(false);
    expect((await new ApiClient(t).get('/api/terms-and-conditions')).status).toBe(401);
  });

  it('is changed by an administrator only: a new version, audited with the old and the new text', async () => {
    const before = await auditCount();
    expect((await nia.post('/api/terms-and-conditions', { text: 'Mine now.' })).status).toBe(403);
    expect(await auditCount()).toBe(before);

    const text = 'Rule one: be on time.\r\n\r\nRule two: <b>wear the uniform</b>.  ';
    const res = await admin.post('/api/terms-and-conditions', { text }).expect(200);
    expect(res.body).toMatchObject({ version: 2, text: 'Rule one: be on time.\n\nRule two: <b>wear the uniform</b>.' });
    expect(await currentTerms(oma)).toEqual(res.body);
    const [entry] = await auditOf('2');
    expect(entry).toMatchObject({
      actor: 'admin:terms-admin',
      action: 'terms.changed',
      entity: 'terms',
      field: 'text',
      old_value: DEFAULT_TERMS_TEXT,
      new_value: 'Rule one: be on time.\n\nRule two: <b>wear the uniform</b>.',
    });

    // The same words again (other line ends, spaces around) are not a new version, and nothing is audited.
    const count = await auditCount();
    const again = await admin
      .post('/api/terms-and-conditions', { text: '  Rule one: be on time.\n\nRule two: <b>wear the uniform</b>.\n' })
      .expect(200);
    expect(again.body.version).toBe(2);
    expect(await auditCount()).toBe(count);
  });

  it('refuses an empty or too long text with the field and its message, changing nothing', async () => {
    const count = await auditCount();
    for (const [body, message] of [
      [{ text: '  \n ' }, TERMS_MESSAGES.empty],
      [{}, TERMS_MESSAGES.empty],
      [{ text: 'x'.repeat(TERMS_TEXT_MAX + 1) }, TERMS_MESSAGES.tooLong],
    ] as const) {
      const res = await admin.post('/api/terms-and-conditions', body).expect(422);
      expect(res.body.errors).toEqual({ text: [message] });
    }
    expect((await admin.post('/api/terms-and-conditions', { text: 'x', version: 9 })).status).toBe(422);
    expect((await currentTerms(admin)).version).toBe(2);
    expect(await auditCount()).toBe(count);
  });
});

describe('her agreement, stamped by the server', () => {
  it('ticking stamps the current version and time in the same save, audited; the answer has the stamp', async () => {
    const current = await currentTerms(nia);
    const start = new Date().toISOString();
    const res = await nia.post('/api/student', { id: NIA, agree_terms_conditions: 1 }).expect(200);
    const end = new Date().toISOString();
    expect(res.body).toMatchObject({ id: NIA, agree_terms_conditions: 1, terms_version: current.version });
    const at = res.body.terms_agreed_at as string;
    expect(at >= start && at <= end).toBe(true);
    const saved = await recordOf(NIA);
    expect(saved).toMatchObject({
      agree_terms_conditions: 1,
      terms_version: current.version,
      terms_agreed_at: at,
      updatedAt: res.body.updatedAt,
    });

    const rows = (await auditOf(NIA)).map((r) => ({
      actor: r.actor,
      action: r.action,
      field: r.field,
      old_value: r.old_value,
      new_value: r.new_value,
    }));
    expect(rows).toEqual([
      {
        actor: `student:${NIA}`,
        action: 'student.updated',
        field: 'agree_terms_conditions',
        old_value: '0',
        new_value: '1',
      },
      {
        actor: `student:${NIA}`,
        action: 'student.terms-agreed',
        field: 'terms_version',
        old_value: null,
        new_value: String(current.version),
      },
      {
        actor: `student:${NIA}`,
        action: 'student.terms-agreed',
        field: 'terms_agreed_at',
        old_value: null,
        new_value: at,
      },
    ]);

    // Ticking again changes nothing: the agreement keeps its time.
    const count = await auditCount();
    const again = await nia.post('/api/student', { id: NIA, agree_terms_conditions: 1 }).expect(200);
    expect(again.body).toMatchObject({
      terms_version: current.version,
      terms_agreed_at: at,
      updatedAt: res.body.updatedAt,
    });
    expect(await auditCount()).toBe(count);
  });

  it('cannot be written by the client', async () => {
    const count = await auditCount();
    for (const body of [
      { id: OMA, terms_version: 1 },
      { id: OMA, agree_terms_conditions: 1, terms_agreed_at: '2020-01-01T00:00:00.000Z' },
    ]) {
      expect((await oma.post('/api/student', body)).status).toBe(422);
    }
    expect(await recordOf(OMA)).toMatchObject({
      agree_terms_conditions: 0,
      terms_version: null,
      terms_agreed_at: null,
    });
    expect(await auditCount()).toBe(count);
  });

  it('is not stamped when the save is refused (closed registration, a bad value beside it)', async () => {
    const count = await auditCount();
    await setRegistrationStatus(t, 0);
    try {
      expect((await oma.post('/api/student', { id: OMA, agree_terms_conditions: 1 })).status).toBe(403);
    } finally {
      await setRegistrationStatus(t, 1);
    }
    expect(
      (await oma.post('/api/student', { id: OMA, agree_terms_conditions: 1, date_of_birth: '2999-01-01' })).status,
    ).toBe(422);
    expect(await recordOf(OMA)).toMatchObject({
      agree_terms_conditions: 0,
      terms_version: null,
      terms_agreed_at: null,
    });
    expect(await auditCount()).toBe(count);
  });

  it('stays counted when the school changes the text; agreeing again takes the new version', async () => {
    const before = await recordOf(NIA);
    const next = await admin
      .post('/api/terms-and-conditions', { text: 'Rule one: be on time.\n\nRule two: be kind.' })
      .expect(200);
    expect(next.body.version).toBe(3);
    // Nothing of her record changes, and the office still counts her agreement.
    expect(await recordOf(NIA)).toEqual(before);
    const progress = (await admin.get('/api/registration-progress').expect(200)).body as RegistrationProgressOverview;
    expect(progress.steps.submit).toBe(1);

    // She reads the new text and agrees to it: the tick is already on, the stamp moves to version 3.
    const res = await nia.post('/api/student', { id: NIA, agree_terms_conditions: 1 }).expect(200);
    expect(res.body).toMatchObject({ agree_terms_conditions: 1, terms_version: 3 });
    expect(res.body.terms_agreed_at > (before.terms_agreed_at as string)).toBe(true);
    expect(res.body.updatedAt > (before.updatedAt as string)).toBe(true);
    expect(await recordOf(NIA)).toMatchObject({
      terms_version: 3,
      terms_agreed_at: res.body.terms_agreed_at,
      updatedAt: res.body.updatedAt,
    });
    const last = (await auditOf(NIA)).slice(-2);
    expect(last.map((r) => [r.action, r.field, r.old_value, r.new_value])).toEqual([
      ['student.terms-agreed', 'terms_version', String(before.terms_version), '3'],
      ['student.terms-agreed', 'terms_agreed_at', before.terms_agreed_at, res.body.terms_agreed_at],
    ]);
  });

  it('unticking clears the stamp, audited; an administrator ticking for her is stamped with her name', async () => {
    const res = await nia.post('/api/student', { id: NIA, agree_terms_conditions: 0 }).expect(200);
    expect(res.body).toMatchObject({ agree_terms_conditions: 0, terms_version: null, terms_agreed_at: null });
    expect(await recordOf(NIA)).toMatchObject({
      agree_terms_conditions: 0,
      terms_version: null,
      terms_agreed_at: null,
    });
    expect((await auditOf(NIA)).slice(-2).map((r) => [r.action, r.field, r.new_value])).toEqual([
      ['student.terms-withdrawn', 'terms_version', null],
      ['student.terms-withdrawn', 'terms_agreed_at', null],
    ]);

    const byAdmin = await admin.post('/api/student', { id: OMA, agree_terms_conditions: 1 }).expect(200);
    expect(byAdmin.body).toMatchObject({ terms_version: 3 });
    expect((await auditOf(OMA)).slice(-2).map((r) => [r.actor, r.action, r.field])).toEqual([
      ['admin:terms-admin', 'student.terms-agreed', 'terms_version'],
      ['admin:terms-admin', 'student.terms-agreed', 'terms_agreed_at'],
    ]);
  });
});

describe('the version she read', () => {
  it('a tick under an older version than the current one is refused (422); under the current, stamped', async () => {
    const shown = await currentTerms(oma); // what her page showed
    await admin.post('/api/terms-and-conditions', { text: `${shown.text}\n\nRule three: be curious.` }).expect(200);
    const before = await recordOf(OMA);
    const audited = await auditCount();
    const res = await oma.post('/api/student', {
      id: OMA,
      agree_terms_conditions: 1,
      terms_version_read: shown.version,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.agree_terms_conditions).toEqual([TERMS_MESSAGES.changedSinceRead]);
    expect(await recordOf(OMA)).toEqual(before);
    expect(await auditCount()).toBe(audited);

    const now = await currentTerms(oma);
    const ok = await oma
      .post('/api/student', { id: OMA, agree_terms_conditions: 1, terms_version_read: now.version })
      .expect(200);
    expect(ok.body).toMatchObject({ agree_terms_conditions: 1, terms_version: now.version });
    expect(
      (await oma.post('/api/student', { id: OMA, agree_terms_conditions: 1, terms_version_read: 'x' })).status,
    ).toBe(422);
    // Unticking needs no version.
    await oma.post('/api/student', { id: OMA, agree_terms_conditions: 0 }).expect(200);
  });
});
