import type { ParsedMail } from 'mailparser';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { AutoReminders } from '../../server/admin/progress/auto-reminders.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { localDate } from '../../server/common/time.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { OutboxSender } from '../../server/mail/outbox-sender.js';
import { TermReport } from '../../server/term-reports/entities/term-report.entity.js';
import { UsersService } from '../../server/users/users.service.js';
import { MESSAGES } from '../../shared/constants.js';
import { MAIL_MESSAGES } from '../../shared/mail.js';
import { ApiClient, expectStatus, expectWaitStated, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { addresses, resetToken, startSmtp, type TestSmtp } from '../fixtures/smtp.js';
import { createAdmin, createStudent, setRegistrationStatus, startTestApp, type TestApp } from '../fixtures/test-app.js';

// E-mail end to end (docs/product.md §10) against a real SMTP server on loopback: what families receive, the
// reset links, the notices, and the outbox across a mail server that is down and a server restart.

let t: TestApp;
let smtp: TestSmtp;
let admin: ApiClient;
const PUBLIC_URL = 'https://portal.example.tt';
const MINUTE = 60_000;

/** Brianna: her own address, her mother's (shown: Mother Only) and a father's address the form hides. */
const BRIANNA = {
  id: 'E1001',
  first_name: 'Brianna',
  last_name: 'Baptiste',
  password: 'Kiskadee-Song-24',
  extra: {
    email: 'brianna@example.tt',
    living_status: 'Mother Only',
    email_mother: 'Mum.Baptiste@example.tt',
    email_father: 'hidden.father@example.tt',
  },
};

const sender = () => t.app.get(OutboxSender);
const outboxRows = () => t.ds.getRepository(OutboxMessage).find({ order: { id: 'ASC' } });

/**
 * Runs the sender now (or at a later clock), lets a run that a queued message started by itself finish, and
 * waits until `count` messages in all have arrived.
 */
async function deliver(count: number, now?: Date): Promise<ParsedMail[]> {
  await t.app.get(PasswordRecoveryService).settle(); // a link is made just after the request is answered
  await sender().deliverDue(now);
  await sender().settle();
  try {
    return await smtp.waitFor(count);
  } catch (e) {
    // What the outbox holds says why (a try that failed, a message not due yet).
    const rows = (await outboxRows()).map((r) => ({ ...r, html_body: undefined, text_body: undefined }));
    throw new Error(`${(e as Error).message}; the outbox: ${JSON.stringify(rows)}`, { cause: e });
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    // A long poll: each test runs the sender itself (deliverDue), so nothing is sent behind its back.
    env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '3600', REMINDER_DAYS_BEFORE_DEADLINE: '7' },
  });
  await createStudent(t, BRIANNA);
  await createAdmin(t);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

beforeEach(async () => {
  // Each test starts with nothing sent and no request counted (the per-account limit would carry over).
  await t.app.get(PasswordRecoveryService).settle();
  await sender().deliverDue();
  await sender().settle();
  smtp.received.length = 0;
  await t.ds.query('DELETE FROM throttler_hits');
});

describe('a forgotten password', () => {
  it('sends one link to each address of the family, which sets a new password and signs her in', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    const asked = await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
    expect(asked.body).toEqual({ message: MAIL_MESSAGES.forgotStudent });
    const mails = await deliver(2);
    expect(mails.flatMap(addresses).sort()).toEqual(['brianna@example.tt', 'mum.baptiste@example.tt']);
    const [mail] = mails;
    expect(mail.subject).toContain('Reset your portal password');
    expect(mail.subject).toContain('Test Girls High School');
    expect(mail.text).toContain("Brianna's student account");
    expect(mail.text).not.toContain('Baptiste'); // a first name, nothing more of the record
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    const token = resetToken(mail)!;
    expect(token.length).toBeGreaterThanOrEqual(22); // at least 128 random bits
    expect(resetToken(mails[1])).toBe(token);
    // Only its hash is stored.
    const stored = (await t.ds.query('SELECT token_hash FROM password_reset_tokens')) as { token_hash: string }[];
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const other = await signedInStudent(t, BRIANNA.id, BRIANNA.password); // a session elsewhere ends
    const browser = await new ApiClient(t).primeCsrf();
    expect((await expectStatus(browser.post('/api/reset-password/check', { token }), 200)).body).toEqual({
      account: 'student',
    });
    const reset = await expectStatus(
      browser.post('/api/reset-password', { token, password: 'Hummingbird-Flight-25' }),
      200,
    );
    expect(reset.body).toMatchObject({ role: 'student', student_id: BRIANNA.id, password_reset: 0 });
    expect((await browser.get('/api/session')).body).toMatchObject({ authenticated: true });
    await expectStatus(other.get(`/api/student-record/${BRIANNA.id}`), 401);
    await signedInStudent(t, BRIANNA.id, 'Hummingbird-Flight-25');
    BRIANNA.password = 'Hummingbird-Flight-25';

    // Single use: the same link again is gone.
    const again = await expectStatus(browser.post('/api/reset-password', { token, password: 'Another-Pass-99' }), 410);
    expect(again.body.message).toBe(MAIL_MESSAGES.tokenGone);
    const audit = await t.ds.getRepository(AuditEntry).findBy({ entity_id: BRIANNA.id });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['password.reset-link-sent', 'password.recovered']),
    );
    // The family hears that the password changed.
    const notices = (await deliver(4)).slice(2);
    expect(notices.flatMap(addresses).sort()).toEqual(['brianna@example.tt', 'mum.baptiste@example.tt']);
    expect(notices[0].text).toContain(MAIL_MESSAGES.passwordChangedNotice);
  });

  it('answers an unknown ID exactly as a known one, and sends nothing', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    const known = await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
    const unknown = await expectStatus(visitor.post('/api/forgot-password', { student_id: 'NOSUCH9' }), 202);
    await createStudent(t, { id: 'E1009', password: 'Quiet-Student-77' });
    const noAddress = await expectStatus(visitor.post('/api/forgot-password', { student_id: 'E1009' }), 202);
    expect(unknown.body).toEqual(known.body);
    expect(noAddress.body).toEqual(known.body);
    await deliver(2);
    await new Promise((r) => setTimeout(r, 300)); // time for anything else to arrive
    await deliver(2);
    expect(smtp.received.flatMap(addresses).sort()).toEqual(['brianna@example.tt', 'mum.baptiste@example.tt']);
  });

  it('answers before anything about the account is looked up, whichever kind of account is asked for', async () => {
    const events: string[] = [];
    const server = t.app.getHttpServer() as Server;
    const onRequest = (_req: IncomingMessage, res: ServerResponse) => res.once('finish', () => events.push('answered'));
    server.on('request', onRequest);
    const users = t.app.get(UsersService);
    for (const find of ['findStudent', 'findAdmin', 'findGuardian'] as const)
      vi.spyOn(users, find).mockImplementation(async () => {
        events.push('looked up');
        return null;
      });
    try {
      const visitor = await new ApiClient(t).primeCsrf();
      events.length = 0;
      const asks: [string, object][] = [
        ['/api/forgot-password', { student_id: BRIANNA.id }],
        ['/api/admin-forgot-password', { username: 'office' }],
        ['/api/guardian-forgot-password', { email: 'mum@example.tt' }],
      ];
      for (const [path, body] of asks) {
        await expectStatus(visitor.post(path, body), 202);
        await t.app.get(PasswordRecoveryService).settle();
      }
      expect(events).toEqual(Array.from({ length: 3 }, () => ['answered', 'looked up']).flat());
    } finally {
      server.off('request', onRequest);
      vi.restoreAllMocks();
    }
  });

  it('refuses a link that expired, was replaced by a newer one, or predates a password change', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    const ask = async () => {
      const before = smtp.received.length;
      await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
      return resetToken((await deliver(before + 2))[before])!;
    };
    const first = await ask();
    const second = await ask();
    await expectStatus(visitor.post('/api/reset-password/check', { token: first }), 410);
    await expectStatus(visitor.post('/api/reset-password/check', { token: second }), 200);
    // 30 minutes later it has expired.
    await t.ds.query('UPDATE password_reset_tokens SET expires_at = ?', [new Date(Date.now() - 1000).toISOString()]);
    await expectStatus(visitor.post('/api/reset-password', { token: second, password: 'Expired-Link-Pass-1' }), 410);

    await t.ds.query('DELETE FROM throttler_hits');
    const third = await ask();
    const student = await signedInStudent(t, BRIANNA.id, BRIANNA.password);
    await expectStatus(
      student.post('/api/change-password-student', {
        student_id: BRIANNA.id,
        old_password: BRIANNA.password,
        password: 'Changed-Meanwhile-26',
      }),
      200,
    );
    BRIANNA.password = 'Changed-Meanwhile-26';
    await expectStatus(visitor.post('/api/reset-password/check', { token: third }), 410);
    // Anything else the portal did not make is gone too.
    await expectStatus(visitor.post('/api/reset-password/check', { token: 'not-a-token' }), 410);
  });

  it('keeps the link when the new password breaks the policy, and limits requests per account', async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
    const token = resetToken((await deliver(2))[0])!;
    const weak = await expectStatus(visitor.post('/api/reset-password', { token, password: 'short' }), 422);
    expect(weak.body.errors.password[0]).toBeTruthy();
    await expectStatus(visitor.post('/api/reset-password/check', { token }), 200);
    await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
    await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
    const limited = await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectWaitStated(limited, MESSAGES.tooManyLinkRequests);
    expect(limited.body.message).toBe('Too many password link requests. Please wait 15 minutes and try again.');
    // An unknown ID is limited alike, so the limit tells nothing either.
    for (let n = 0; n < 3; n++)
      await expectStatus(visitor.post('/api/forgot-password', { student_id: 'NOSUCH8' }), 202);
    await expectStatus(visitor.post('/api/forgot-password', { student_id: 'NOSUCH8' }), 429);
  });

  it("lets an administrator recover hers by the address set in Settings, hidden from the office's view", async () => {
    const visitor = await new ApiClient(t).primeCsrf();
    await expectStatus(visitor.post('/api/admin-forgot-password', { username: 'office' }), 202); // no address yet
    const wrong = await expectStatus(
      admin.post('/api/admin-email', { email: 'office@school.tt', password: 'not-her-password' }),
      422,
    );
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    await expectStatus(
      admin.post('/api/admin-email', { email: 'not an address', password: 'Office-Admin-Pass-1' }),
      422,
    );
    const set = await expectStatus(
      admin.post('/api/admin-email', { email: 'old-office@school.tt', password: 'Office-Admin-Pass-1' }),
      200,
    );
    expect(set.body).toEqual({ email: 'old-office@school.tt' });
    // A new address: the one it replaces is told.
    await expectStatus(
      admin.post('/api/admin-email', { email: 'office@school.tt', password: 'Office-Admin-Pass-1' }),
      200,
    );
    expect((await admin.get('/api/admin-email')).body).toEqual({ email: 'office@school.tt' });
    const [told] = await deliver(1);
    expect(addresses(told)).toEqual(['old-office@school.tt']);
    expect(told.subject).toContain('recovery address was changed');
    const asked = await expectStatus(visitor.post('/api/admin-forgot-password', { username: 'office' }), 202);
    expect(asked.body).toEqual({ message: MAIL_MESSAGES.forgotAdmin });
    const mail = (await deliver(2))[1];
    expect(smtp.received).toHaveLength(2); // nothing came of the request made before she had an address
    expect(addresses(mail)).toEqual(['office@school.tt']);
    const token = resetToken(mail)!;
    const row = (await outboxRows()).at(-1)!;
    const viewed = await expectStatus(admin.get(`/api/outbox/${row.id}`), 200);
    expect(viewed.body.text).toContain('/reset-password?token=(hidden)');
    expect(viewed.body.text).not.toContain(token);
    // A family's link that was sent is hidden from the office too (only a kept one is shown, to be passed on).
    const family = (await outboxRows()).find((r) => r.kind === 'password-reset' && r.student_id === BRIANNA.id)!;
    expect(family.status).toBe('sent');
    expect((await admin.get(`/api/outbox/${family.id}`)).body.text).toContain('/reset-password?token=(hidden)');
    const browser = await new ApiClient(t).primeCsrf();
    expect((await browser.post('/api/reset-password/check', { token })).body).toEqual({ account: 'admin' });
    const reset = await expectStatus(
      browser.post('/api/reset-password', { token, password: 'Harbour-Lights-Pass-2' }),
      200,
    );
    expect(reset.body).toMatchObject({ role: 'admin', username: 'office' });
    admin = await signedInAdmin(t, 'office', 'Harbour-Lights-Pass-2');
  });
});

describe('report cards and reminders', () => {
  beforeAll(async () => {
    const now = new Date().toISOString();
    await createStudent(t, {
      id: 'E2001',
      first_name: 'Chloe',
      class_id: '2B',
      extra: { email: 'chloe@example.tt', living_status: 'Both Parents', email_father: 'dad.chloe@example.tt' },
    });
    // Sisters share their mother's address: each daughter's notice still reaches her once.
    await createStudent(t, {
      id: 'E2002',
      first_name: 'Dana',
      class_id: '2B',
      extra: { living_status: 'Mother Only', email_mother: 'Mum.Baptiste@example.tt', email: 'DANA@example.tt' },
    });
    for (const id of [BRIANNA.id, 'E2001', 'E2002'])
      await t.ds.getRepository(TermReport).insert({
        student_id: id,
        year: 2026,
        term: 1,
        class_id: '2B',
        form_level: 2,
        created_at: now,
        updated_at: now,
      });
  });

  it('tells each family once when a term is posted, and not again when it is posted again within a day', async () => {
    await expectStatus(admin.post('/api/post-term-reports', { year: 2026, term: 1, posted: 1 }), 200);
    const mails = await deliver(6);
    const byAddress = new Map(mails.map((m) => [addresses(m)[0], m]));
    expect(mails.flatMap(addresses).sort()).toEqual([
      'brianna@example.tt',
      'chloe@example.tt',
      'dad.chloe@example.tt',
      'dana@example.tt',
      'mum.baptiste@example.tt',
      'mum.baptiste@example.tt',
    ]);
    expect(byAddress.get('chloe@example.tt')!.text).toContain(
      `Chloe's Term 1, 2026-2027 report card is ready. Sign in at ${PUBLIC_URL}/`,
    );
    expect(mails.every((m) => m.attachments.length === 0)).toBe(true);
    expect(mails.every((m) => !m.text?.includes('Student'))).toBe(true); // no surname in any message
    await expectStatus(admin.post('/api/post-term-reports', { year: 2026, term: 1, posted: 0 }), 200);
    await expectStatus(admin.post('/api/post-term-reports', { year: 2026, term: 1, posted: 1 }), 200);
    await sender().deliverDue();
    const notices = (await outboxRows()).filter((r) => r.kind === 'report-card');
    expect(notices).toHaveLength(6);
  });

  it('reminds each unfinished family of a class of what is still missing, and the deadline', async () => {
    await setRegistrationStatus(t, 1, '2026-12-04');
    const none = await admin.post('/api/registration-reminders', {});
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(MAIL_MESSAGES.chooseRecipients);
    const res = await expectStatus(admin.post('/api/registration-reminders', { class_id: '2B' }), 200);
    expect(res.body).toEqual({ queued: 4, students: 2, without_address: 0 });
    const mails = await deliver(4);
    const chloe = mails.find((m) => addresses(m)[0] === 'chloe@example.tt')!;
    expect(chloe.subject).toContain("Chloe's registration is not finished");
    // Her record has only names, class, sex and date of birth: each step lists what it still needs.
    expect(chloe.text).toContain('Student Data: ');
    expect(chloe.text).toContain('Electronic Birth Pin');
    expect(chloe.text).toMatch(/Family Data: .*Mother: Name/);
    expect(chloe.text).toContain('Upload Documents: ');
    expect(chloe.text).toContain('Registration closes on Friday 4 December 2026');
    const audit = await t.ds.getRepository(AuditEntry).findBy({ action: 'mail.registration-reminder' });
    expect(audit.map((a) => a.entity_id).sort()).toEqual(['E2001', 'E2002']);
    const chosen = await expectStatus(admin.post('/api/registration-reminders', { student_ids: ['E2001'] }), 200);
    expect(chosen.body).toEqual({ queued: 2, students: 1, without_address: 0 });
  });

  it('sends the deadline reminder by itself once, REMINDER_DAYS_BEFORE_DEADLINE days before', async () => {
    const today = localDate(new Date(), t.config.timeZone);
    const inDays = (n: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const reminders = t.app.get(AutoReminders);
    await setRegistrationStatus(t, 1, inDays(10));
    expect(await reminders.run()).toBe(0); // not yet: 10 days left, 7 configured
    await setRegistrationStatus(t, 1, inDays(5));
    const queued = await reminders.run();
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(await reminders.run()).toBe(0); // once per deadline
    await setRegistrationStatus(t, 0, inDays(5));
  });
});

describe('the outbox', () => {
  it('keeps a message while the mail server is down and delivers it when it is back, across a restart', async () => {
    await smtp.stop();
    try {
      const visitor = await new ApiClient(t).primeCsrf();
      await expectStatus(visitor.post('/api/forgot-password', { student_id: 'E2001' }), 202);
      await t.app.get(PasswordRecoveryService).settle();
      await sender().deliverDue();
      await sender().settle();
      const [row] = (await outboxRows()).filter((r) => r.status === 'queued');
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toBeTruthy();
      expect(Date.parse(row.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000); // about a minute later
      await t.restart();
      admin = await signedInAdmin(t, 'office', 'Harbour-Lights-Pass-2');
      const listed = await expectStatus(admin.get('/api/outbox?status=queued'), 200);
      expect(listed.body.map((m: { to: string }) => m.to).sort()).toEqual(['chloe@example.tt', 'dad.chloe@example.tt']);
    } finally {
      await smtp.start();
    }
    // Not before its time...
    expect(await sender().deliverDue()).toBe(0);
    // ...and a minute later, once.
    const mails = await deliver(2, new Date(Date.now() + 2 * MINUTE));
    expect(mails.flatMap(addresses).sort()).toEqual(['chloe@example.tt', 'dad.chloe@example.tt']);
    expect((await outboxRows()).filter((r) => r.status !== 'sent')).toEqual([]);
  });

  it('marks a message failed after 24 hours of tries, and an administrator can send it again', async () => {
    await smtp.stop();
    let id: number;
    try {
      await expectStatus(admin.post('/api/registration-reminders', { student_ids: ['E2002'] }), 200);
      await sender().deliverDue();
      await sender().settle();
      id = (await outboxRows()).at(-1)!.id;
      await expectStatus(admin.post(`/api/outbox/${id}/resend`), 409);
      let clock = Date.now();
      for (let n = 0; n < 20; n++) {
        clock += 3 * 3_600_000;
        await sender().deliverDue(new Date(clock));
      }
      const failed = (await expectStatus(admin.get('/api/outbox?status=failed'), 200)).body;
      expect(failed.map((m: { id: number }) => m.id)).toContain(id);
      expect(failed[0]).toMatchObject({ status: 'failed', next_attempt_at: null });
      expect(failed[0].attempts).toBeGreaterThan(4);
    } finally {
      await smtp.start();
    }
    const resent = await expectStatus(admin.post(`/api/outbox/${id}/resend`), 200);
    expect(resent.body).toMatchObject({ id });
    await deliver(1);
    const row = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await t.ds.getRepository(AuditEntry).countBy({ action: 'mail.resent' })).toBe(1);
  });

  it('lists messages newest first for the office, and says how they leave', async () => {
    const list = await expectStatus(admin.get('/api/outbox?limit=3'), 200);
    expect(list.body).toHaveLength(3);
    expect(list.body[0].id).toBeGreaterThan(list.body[1].id);
    expect(Object.keys(list.body[0]).sort()).toEqual(
      [
        'attempts',
        'created_at',
        'guardian_name',
        'id',
        'kind',
        'last_error',
        'next_attempt_at',
        'sent_at',
        'status',
        'student_id',
        'student_name',
        'subject',
        'to',
      ].sort(),
    );
    expect((await admin.get('/api/mail-settings')).body).toEqual({
      delivery: 'smtp',
      from: '"Test Girls High School" <portal@portal.example.tt>',
      public_url: PUBLIC_URL,
    });
    await expectStatus(admin.get('/api/outbox?status=lost'), 422);
  });
});

describe('without SMTP_URL', () => {
  it('keeps every message for the Outbox, where the office can read a family reset link to pass on', async () => {
    const kept = await startTestApp();
    try {
      await createStudent(kept, BRIANNA);
      await createAdmin(kept);
      const visitor = await new ApiClient(kept).primeCsrf();
      await expectStatus(visitor.post('/api/forgot-password', { student_id: BRIANNA.id }), 202);
      await kept.app.get(PasswordRecoveryService).settle();
      const office = await signedInAdmin(kept, 'office', 'Office-Admin-Pass-1');
      expect((await office.get('/api/mail-settings')).body.delivery).toBe('kept');
      const list = (await expectStatus(office.get('/api/outbox'), 200)).body as { id: number; status: string }[];
      expect(list).toHaveLength(2);
      expect(list.every((m) => m.status === 'kept')).toBe(true);
      const message = (await expectStatus(office.get(`/api/outbox/${list[0].id}`), 200)).body as { text: string };
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1];
      const browser = await new ApiClient(kept).primeCsrf();
      await expectStatus(browser.post('/api/reset-password', { token, password: 'Passed-On-By-Office-3' }), 200);
      // A message that failed while a mail server was configured, sent again once it is gone, is kept.
      await kept.ds.query("UPDATE outbox SET status = 'failed' WHERE id = ?", [list[0].id]);
      expect((await expectStatus(office.post(`/api/outbox/${list[0].id}/resend`), 200)).body.status).toBe('kept');
    } finally {
      await kept.close();
    }
  });
});
