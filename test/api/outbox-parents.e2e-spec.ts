import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { MESSAGES } from '../../shared/constants.js';
import { MAIL_MESSAGES, type OutboxItem, type OutboxMessage as OutboxView } from '../../shared/mail.js';
import {
  ApiClient,
  expectStatus,
  expectWaitStated,
  signedInAdmin,
  signedInGuardian,
  signedInStudent,
} from '../fixtures/api-client.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Parents and the office without a mail server (docs/product.md §10 The outbox, §11 The account): a parent's own
// reset link is kept for the office to pass on as a family's is; the office sends a parent a new link from the
// Guardians list; the Outbox names the student (or the parent) each message is about, and searches by them.

let t: TestApp;
let admin: ApiClient;

const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

const ZOE = {
  id: 'P1001',
  first_name: 'Zoë',
  last_name: 'Ramdial',
  class_id: '2C',
  password: 'Zoe-Own-Pass-2026',
  extra: { email: 'zoe@example.tt', birth_certificate_no: 'CB 4455-1' },
};
const MIA = {
  id: 'P1002',
  first_name: 'Mia',
  last_name: 'Charles',
  class_id: '1A',
  password: 'Mia-Own-Pass-2026',
  extra: { email: 'mia@example.tt' },
};
const MUM = { email: 'asha.ramdial@example.tt', name: 'Asha Ramdial', password: 'Asha-Parent-Pass-1' };
const DAD = { email: 'dev.ramdial@example.tt', name: 'Dev Ramdial', password: 'Dev-Parent-Pass-1' };
const KHALILA = { email: 'khalila.mb@example.tt', name: 'Khálila Mohammed-Baksh', password: 'Khalila-Parent-Pass-1' };
let mumId: number;
let khalilaId: number;
let dadId: number;

const rows = () => t.ds.getRepository(OutboxMessage).find({ order: { id: 'ASC' } });
const list = async (query = '') => (await expectStatus(admin.get(`/api/outbox${query}`), 200)).body as OutboxItem[];
const view = async (id: number) => (await expectStatus(admin.get(`/api/outbox/${id}`), 200)).body as OutboxView;

beforeAll(async () => {
  t = await startTestApp(); // no SMTP_URL: every message is kept
  await createStudent(t, ZOE);
  await createStudent(t, MIA);
  await createAdmin(t);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  mumId = await createGuardian(t, { ...MUM, students: [ZOE.id] });
  dadId = await createGuardian(t, { ...DAD, students: [ZOE.id] });
  khalilaId = await createGuardian(t, { ...KHALILA, students: [MIA.id] });
});

afterAll(() => t?.close());

beforeEach(() => t.ds.query('DELETE FROM outbox'));

describe("a parent's own reset link, kept", () => {
  it('shows in the Outbox as a family link does, named by her, and sets her new password', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/guardian-forgot-password', { email: MUM.email }), 202);
    await t.app.get(PasswordRecoveryService).settle();
    const [item] = await list();
    expect(item).toMatchObject({
      kind: 'password-reset',
      status: 'kept',
      to: MUM.email,
      student_id: null,
      student_name: null,
      guardian_name: MUM.name,
    });
    const message = await view(item.id);
    expect(message.text).not.toContain('(hidden)');
    const token = LINK.exec(message.text)![1];
    expect((await expectStatus(visitor.post('/api/reset-password/check', { token }), 200)).body).toEqual({
      account: 'guardian',
    });
    const done = await expectStatus(visitor.post('/api/reset-password', { token, password: 'Asha-Passed-On-7' }), 200);
    expect(done.body).toMatchObject({ role: 'guardian', email: MUM.email });
    await signedInGuardian(t, MUM.email, 'Asha-Passed-On-7');
    MUM.password = 'Asha-Passed-On-7';
  });

  it("still hides an administrator's own kept link", async () => {
    await t.ds.query("UPDATE users SET email = 'office@example.tt' WHERE username = 'office'");
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/admin-forgot-password', { username: 'office' }), 202);
    await t.app.get(PasswordRecoveryService).settle();
    const [item] = await list();
    expect(item).toMatchObject({ kind: 'password-reset', to: 'office@example.tt', guardian_name: null });
    expect((await view(item.id)).text).toContain('/reset-password?token=(hidden)');
  });
});

describe("the office sends a parent a new link from a student's Guardians list", () => {
  const send = (c: ApiClient, guardian_id = dadId, student_id = ZOE.id) =>
    c.post('/api/guardians/reset-link', { student_id, guardian_id });

  it('is for the office only: the student and a parent get 403, a visitor 401, and nothing is sent', async () => {
    const zoe = await signedInStudent(t, ZOE.id, ZOE.password);
    const mum = await signedInGuardian(t, MUM.email, MUM.password);
    await expectStatus(send(zoe), 403);
    await expectStatus(send(mum), 403);
    await expectStatus(send(await new ApiClient(t).primeCsrf()), 401);
    expect(await rows()).toEqual([]);
  });

  it("goes to the parent's own address only, is audited, and resets her password, never the student's", async () => {
    const res = await expectStatus(send(admin), 200);
    expect(res.body).toEqual({ email: DAD.email });
    const all = await rows();
    expect(all.map((r) => [r.kind, r.to_address, r.guardian_id, r.student_id])).toEqual([
      ['password-reset', DAD.email, dadId, null],
    ]);
    const audit = await t.ds
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'guardian.reset-link-sent', entity_id: ZOE.id });
    expect(audit).toMatchObject({ actor: 'admin:office', entity: 'student', new_value: DAD.email });
    // In the student's history as the office sees it.
    const history = (await expectStatus(admin.get(`/api/audit?student_id=${ZOE.id}`), 200)).body as {
      action: string;
    }[];
    expect(history.map((e) => e.action)).toContain('guardian.reset-link-sent');

    const token = LINK.exec((await view(all[0].id)).text)![1];
    const browser = await new ApiClient(t).primeCsrf();
    const done = await expectStatus(browser.post('/api/reset-password', { token, password: 'Dev-New-Pass-2026' }), 200);
    expect(done.body).toMatchObject({ role: 'guardian', email: DAD.email });
    await signedInGuardian(t, DAD.email, 'Dev-New-Pass-2026');
    await signedInStudent(t, ZOE.id, ZOE.password); // hers is unchanged
    // The notice of the change goes to his address, not the student's family.
    const changed = (await rows()).filter((r) => r.kind === 'password-changed');
    expect(changed.map((r) => r.to_address)).toEqual([DAD.email]);
  });

  it('answers 404 for a parent not linked to that student, and is limited like her own requests', async () => {
    await expectStatus(send(admin, mumId, MIA.id), 404);
    await expectStatus(send(admin, 999_999), 404);
    // Three a quarter-hour for the account, counted with her own requests (one already made above for Dad).
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/guardian-forgot-password', { email: DAD.email }), 202);
    await t.app.get(PasswordRecoveryService).settle();
    await expectStatus(send(admin), 200);
    const limited = await expectStatus(send(admin), 429);
    expectWaitStated(limited, MESSAGES.tooManyLinkRequests);
    expect(limited.body.message).toBe('Too many password link requests. Please wait 15 minutes and try again.');
    expect((await rows()).length).toBe(2);
  });
});

describe("the Outbox's student column and search", () => {
  beforeEach(async () => {
    // A request's message is written after its answer: each is settled before the next, so the Outbox's order (newest
    // first) is the order of the requests on both engines.
    const visitor = await new ApiClient(t).primeCsrf();
    const recovery = t.app.get(PasswordRecoveryService);
    for (const id of [ZOE.id, MIA.id]) {
      await expectStatus(visitor.post('/api/forgot-password', { student_id: id }), 202);
      await recovery.settle();
    }
    await expectStatus(visitor.post('/api/guardian-forgot-password', { email: MUM.email }), 202);
    await recovery.settle();
  });

  it('names the student each message is about, or the parent for her own', async () => {
    const named = (await list()).map((m) => [m.to, m.student_id, m.student_name, m.guardian_name]);
    expect(named).toEqual([
      [MUM.email, null, null, MUM.name],
      [MIA.extra.email, MIA.id, 'Charles, Mia', null],
      [ZOE.extra.email, ZOE.id, 'Ramdial, Zoë', null],
    ]);
  });

  it("finds messages by the Students table's rule, or by a parent's name, on the server", async () => {
    const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).map((m) => m.to);
    expect(await found('zoe ramdial')).toEqual([ZOE.extra.email]);
    expect(await found('Ramdial, Zoe')).toEqual([ZOE.extra.email]);
    expect(await found('cb44551')).toEqual([ZOE.extra.email]);
    expect(await found('1a')).toEqual([MIA.extra.email]);
    expect(await found('form 2')).toEqual([ZOE.extra.email]);
    expect(await found(MIA.id.toLowerCase())).toEqual([MIA.extra.email]);
    expect(await found('asha')).toEqual([MUM.email]);
    expect(await found('ramdial')).toEqual([MUM.email, ZOE.extra.email]);
    expect(await found('nobody')).toEqual([]);
    expect(await found('  ')).toHaveLength(3);
    expect((await list('?status=sent&q=zoe')).length).toBe(0);
    const long = await expectStatus(admin.get(`/api/outbox?q=${'x'.repeat(101)}`), 422);
    expect(long.body.errors.q).toEqual([MAIL_MESSAGES.searchTooLong]);
  });
});

describe("the Outbox's search for a parent", () => {
  it('finds a parent as the Students table finds a student: each word starts one of her names', async () => {
    await expectStatus(admin.post('/api/guardians/reset-link', { student_id: MIA.id, guardian_id: khalilaId }), 200);
    await t.app.get(PasswordRecoveryService).settle();
    const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).map((m) => m.to);
    expect(await found('ali')).toEqual([]); // inside 'Khálila', not the start of a name
    expect(await found('ila')).toEqual([]);
    expect(await found('khal')).toEqual([KHALILA.email]);
    expect(await found('baksh KHALILA')).toEqual([KHALILA.email]); // the hyphen parts her names; any order, any case
    expect(await found('mohammed-baksh')).toEqual([KHALILA.email]);
    expect(await found('khalila.mb@')).toEqual([KHALILA.email]); // her address
  });
});

describe("a parent's address is her sign-in name, wherever the office sees or searches it", () => {
  it('her own link goes to it, and the Outbox and her Guardians list show and search the same address', async () => {
    // A stale e-mail column (written before the address was the sign-in name) is not used.
    const id = khalilaId;
    await t.ds.getRepository(User).update({ id }, { email: 'old.khalila@example.tt' });
    await expectStatus(admin.post('/api/guardians/reset-link', { student_id: MIA.id, guardian_id: id }), 200);
    await t.app.get(PasswordRecoveryService).settle();
    expect((await list()).map((m) => [m.to, m.guardian_name])).toEqual([[KHALILA.email, KHALILA.name]]);
    expect((await list(`?q=${encodeURIComponent('khalila.mb')}`)).length).toBe(1);
    expect((await list(`?q=old.khalila`)).length).toBe(0);
    const guardians = (await expectStatus(admin.get(`/api/students/${MIA.id}/guardians`), 200)).body as {
      guardians: { id: number; email: string }[];
    };
    expect(guardians.guardians.find((g) => g.id === id)?.email).toBe(KHALILA.email);
  });
});
