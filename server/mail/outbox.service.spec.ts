import { ConflictException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_MESSAGES } from '../../shared/mail.js';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeOutboxRepository } from '../../test/fakes/outbox-repository.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeTransactions, PASSED_MANAGER } from '../../test/fakes/transactions.js';
import { fakeUsers } from '../../test/fakes/users.js';
import type { AppConfig } from '../config/app-config.js';
import { guardianInvitationMail, type MailContent, reportCardMail } from './mail-templates.js';
import { OutboxService } from './outbox.service.js';
import { OFFICE_ADMIN, freezeDateEachTest } from '../../test/fakes/spec-helpers.js';

const START = new Date('2026-03-02T12:00:00.000Z');
const ADMIN = OFFICE_ADMIN;
const CTX = { schoolName: 'Test High School', publicUrl: 'https://portal.test' };
const NOTICE: MailContent = reportCardMail(CTX, 'Anya', 2026, 1);

function setup(smtpUrl: string | null = 'smtp://mail.test') {
  const tx = fakeTransactions();
  const repo = fakeOutboxRepository();
  const audit = fakeAudit();
  const students = fakeStudentsRepository([
    { id: 'S001', first_name: 'Anya', last_name: 'Ali', class_id: '1A' },
    { id: 'S002', first_name: 'Bea', last_name: 'Baptiste', class_id: '1B' },
  ]);
  const users = fakeUsers();
  const config = {
    schoolName: CTX.schoolName,
    mail: { smtpUrl, from: 'office@school.test', publicUrl: CTX.publicUrl, pollSeconds: 30 },
  } as AppConfig;
  const service = new OutboxService(tx, repo, audit, students, users, config);
  let woken = 0;
  service.onQueued(() => woken++);
  return { service, tx, repo, audit, users, woken: () => woken };
}

freezeDateEachTest(START);

describe('OutboxService.queue', () => {
  it('queues each message due at once with no tries yet, in the caller’s transaction', async () => {
    const { service, repo } = setup();
    const long = { ...NOTICE, subject: 'S'.repeat(250) };
    expect(await service.queue([{ content: long, to: 'mum@example.com', studentId: 'S001' }], PASSED_MANAGER)).toBe(1);
    expect(repo.rows).toEqual([
      expect.objectContaining({
        kind: 'report-card',
        to_address: 'mum@example.com',
        subject: 'S'.repeat(200),
        student_id: 'S001',
        guardian_id: null,
        status: 'queued',
        attempts: 0,
        next_attempt_at: START.toISOString(),
        queued_at: START.toISOString(),
        lease_owner: null,
        sent_at: null,
      }),
    ]);
  });

  it('keeps the messages for the Outbox page, never due, when no mail server is configured', async () => {
    const { service, repo } = setup(null);
    await service.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    expect(repo.rows).toMatchObject([{ status: 'kept', next_attempt_at: null }]);
  });

  it('skips an address that is not a bare address (a name could hide a second one), queuing the others', async () => {
    const { service, repo } = setup();
    const count = await service.queue([
      { content: NOTICE, to: 'x<evil@attacker.tt>' },
      { content: NOTICE, to: 'mum@example.com' },
    ]);
    expect(count).toBe(1);
    expect(repo.rows.map((r) => r.to_address)).toEqual(['mum@example.com']);
    expect(await service.queue([{ content: NOTICE, to: 'no address' }])).toBe(0);
  });

  it('finds the dedupe keys queued since a time, long keys by their stored form', async () => {
    const { service } = setup();
    const long = `report:${'x'.repeat(300)}@example.com`;
    await service.queue([
      { content: NOTICE, to: 'a@example.com', dedupeKey: 'report:a' },
      { content: NOTICE, to: 'b@example.com', dedupeKey: long },
    ]);
    const later = new Date(START.getTime() + 60_000).toISOString();
    expect(await service.queuedSince(['report:a', long, 'report:c'], START.toISOString())).toEqual(
      new Set(['report:a', long]),
    );
    expect(await service.queuedSince(['report:a', long], later)).toEqual(new Set());
  });

  it('claims a once-only run once', async () => {
    const { service } = setup();
    expect(await service.hasRun('auto-reminder:2026-03-09')).toBe(false);
    expect(await service.claimRun('auto-reminder:2026-03-09', PASSED_MANAGER)).toBe(true);
    expect(await service.claimRun('auto-reminder:2026-03-09', PASSED_MANAGER)).toBe(false);
    expect(await service.hasRun('auto-reminder:2026-03-09')).toBe(true);
  });
});

describe('OutboxService.resend', () => {
  async function failedMessage(smtpUrl: string | null = 'smtp://mail.test') {
    const s = setup(smtpUrl);
    await s.service.queue([{ content: NOTICE, to: 'mum@example.com', studentId: 'S001' }]);
    Object.assign(s.repo.rows[0], { status: 'failed', attempts: 9, next_attempt_at: null, last_error: '550 no' });
    vi.setSystemTime(START.getTime() + 30 * 3_600_000);
    return s;
  }

  it('queues a failed message again with a fresh 24 hours of tries, audited, and wakes the sender', async () => {
    const { service, repo, audit, tx, woken } = await failedMessage();
    const item = await service.resend(1, ADMIN);
    const now = new Date(START.getTime() + 30 * 3_600_000).toISOString();
    expect(repo.rows[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      queued_at: now,
      last_error: null,
    });
    expect(item).toMatchObject({ id: 1, status: 'queued', student_name: 'Ali, Anya' });
    expect(audit.trail).toEqual([
      expect.objectContaining({
        action: 'mail.resent',
        entity_id: '1',
        new_value: { to: 'mum@example.com' },
        inTransaction: true,
      }),
    ]);
    expect(tx.committed).toBe(1);
    expect(woken()).toBe(1);
  });

  it('keeps it instead when the mail server has since been removed', async () => {
    const { service, repo } = await failedMessage(null);
    await service.resend(1, ADMIN);
    expect(repo.rows[0]).toMatchObject({ status: 'kept', next_attempt_at: null, attempts: 9 });
  });

  it('refuses a message that has not failed (409) or does not exist (404), auditing nothing', async () => {
    const { service, repo, audit } = await failedMessage();
    repo.rows[0].status = 'sent';
    await expect(service.resend(1, ADMIN)).rejects.toThrow(new ConflictException(MAIL_MESSAGES.notFailed));
    await expect(service.resend(99, ADMIN)).rejects.toBeInstanceOf(NotFoundException);
    expect(repo.rows[0].status).toBe('sent');
    expect(audit.trail).toEqual([]);
  });
});

describe('OutboxService reading', () => {
  it("shows an invitation's link only when kept for a family, hidden once it left by mail", async () => {
    const link = 'https://portal.test/guardian-invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const invitation = guardianInvitationMail(CTX, 'Anya', link);
    const kept = setup(null);
    await kept.service.queue([{ content: invitation, to: 'mum@example.com', studentId: 'S001' }]);
    expect((await kept.service.get(1)).text).toContain(link);

    const sent = setup();
    await sent.service.queue([{ content: invitation, to: 'mum@example.com', studentId: 'S001' }]);
    const text = (await sent.service.get(1)).text;
    expect(text).not.toContain('abcdefghijklmnop');
    expect(text).toContain('/guardian-invitation?token=(hidden)');
    await expect(sent.service.get(2)).rejects.toBeInstanceOf(NotFoundException);
  });

  it("lists the newest first, named, and searches by a student's or a parent's name", async () => {
    const { service, users } = setup();
    const mum = users.add({
      role: 'guardian',
      student_id: null,
      username: 'carla@example.com',
      display_name: 'Carla Cruz',
      password_hash: 'x',
      password_reset: 0,
    });
    await service.queue([
      { content: NOTICE, to: 'a@example.com', studentId: 'S001' },
      { content: NOTICE, to: 'b@example.com', studentId: 'S002' },
      { content: NOTICE, to: 'carla@example.com', guardianId: mum.id },
    ]);
    const all = await service.list(undefined, 10);
    expect(all.map((i) => [i.to, i.student_name, i.guardian_name])).toEqual([
      ['carla@example.com', null, 'Carla Cruz'],
      ['b@example.com', 'Baptiste, Bea', null],
      ['a@example.com', 'Ali, Anya', null],
    ]);
    expect((await service.list(undefined, 2)).map((i) => i.id)).toEqual([3, 2]);
    expect((await service.list(undefined, 10, 'baptiste')).map((i) => i.to)).toEqual(['b@example.com']);
    expect((await service.list(undefined, 10, 'cruz')).map((i) => i.to)).toEqual(['carla@example.com']);
    expect(await service.list(undefined, 10, 'nobody-by-this-name')).toEqual([]);
    expect(await service.list('failed', 10)).toEqual([]);
  });
});
