import { Logger } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeOutboxRepository } from '../../test/fakes/outbox-repository.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import { fakeUsers } from '../../test/fakes/users.js';
import type { IntervalJobs } from '../common/interval-jobs.js';
import type { AppConfig } from '../config/app-config.js';
import { reportCardMail } from './mail-templates.js';
import type { MailTransport, OutgoingMail } from './mail-transport.js';
import { LEASE_MS, OutboxSender } from './outbox-sender.js';
import { OutboxService } from './outbox.service.js';
import { GIVE_UP_AFTER_MS, RETRY_DELAYS_MS } from './retry-schedule.js';

const START = new Date('2026-03-02T12:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const CONFIG = {
  schoolName: 'Test High School',
  mail: {
    smtpUrl: 'smtp://mailer:secret@mail.test',
    from: 'office@school.test',
    publicUrl: 'https://portal.test',
    pollSeconds: 30,
  },
} as AppConfig;
const NOTICE = reportCardMail({ schoolName: 'Test High School', publicUrl: 'https://portal.test' }, 'Anya', 2026, 1);

/** A mail server that accepts, refuses, or holds each message until the spec lets it go. */
function fakeTransport() {
  const sent: OutgoingMail[] = [];
  const fake = {
    sent,
    tried: 0,
    answer: 'accept' as 'accept' | 'refuse' | 'hold',
    held: [] as (() => void)[],
    closed: false,
    async send(mail: OutgoingMail) {
      fake.tried++;
      if (fake.answer === 'refuse')
        throw Object.assign(new Error('mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550 });
      if (fake.answer === 'hold') await new Promise<void>((resolve) => fake.held.push(resolve));
      sent.push(mail);
    },
    close() {
      fake.closed = true;
    },
  };
  return fake;
}

function setup() {
  const tx = fakeTransactions();
  const repo = fakeOutboxRepository();
  const outbox = new OutboxService(tx, repo, fakeAudit(), fakeStudentsRepository(), fakeUsers(), CONFIG);
  const transport = fakeTransport();
  const jobs = { every: vi.fn(), stop: vi.fn() } as unknown as IntervalJobs;
  const sender = (t: MailTransport | null = transport) => new OutboxSender(tx, repo, outbox, t, CONFIG, jobs);
  return { outbox, repo, transport, jobs, sender };
}

let warned: MockInstance<Logger['warn']>;
beforeEach(() => {
  warned = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OutboxSender', () => {
  it('sends the due messages from the configured address and marks them sent, the lease let go', async () => {
    const { outbox, repo, transport, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com', studentId: 'S001' }]);
    expect(await sender().deliverDue(START)).toBe(1);
    expect(transport.sent).toEqual([
      {
        from: 'office@school.test',
        to: 'mum@example.com',
        subject: NOTICE.subject,
        text: NOTICE.text,
        html: NOTICE.html,
      },
    ]);
    expect(repo.rows[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: START.toISOString(),
      next_attempt_at: null,
      lease_owner: null,
      lease_until: null,
    });
    expect(await sender().deliverDue(at(60_000))).toBe(0);
  });

  it('sends all that are due in batches, and none not yet due', async () => {
    const { outbox, repo, transport, sender } = setup();
    await outbox.queue(Array.from({ length: 7 }, (_, n) => ({ content: NOTICE, to: `p${n}@example.com` })));
    repo.rows[6].next_attempt_at = at(60_000).toISOString();
    expect(await sender().deliverDue(START)).toBe(6);
    expect(transport.sent.map((m) => m.to)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `p${n}@example.com`));
    expect(repo.rows[6].status).toBe('queued');
  });

  it('tries a refused message again after each delay of the schedule, not before', async () => {
    const { outbox, repo, transport, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    transport.answer = 'refuse';
    const s = sender();
    let now = START.getTime();
    for (const [n, delay] of RETRY_DELAYS_MS.entries()) {
      vi.setSystemTime(now);
      expect(await s.deliverDue(new Date(now))).toBe(1);
      expect(repo.rows[0]).toMatchObject({
        status: 'queued',
        attempts: n + 1,
        next_attempt_at: new Date(now + delay).toISOString(),
        last_error: 'EENVELOPE 550 mailbox unavailable',
        lease_owner: null,
      });
      expect(await s.deliverDue(new Date(now + delay - 1))).toBe(0);
      now += delay;
    }
    transport.answer = 'accept';
    expect(await s.deliverDue(new Date(now))).toBe(1);
    expect(repo.rows[0]).toMatchObject({ status: 'sent', attempts: RETRY_DELAYS_MS.length + 1, last_error: null });
    expect(transport.tried).toBe(RETRY_DELAYS_MS.length + 1);
  });

  it('gives up when the next try would come more than 24 hours after it was queued: failed, never due', async () => {
    const { outbox, repo, transport, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    transport.answer = 'refuse';
    const s = sender();
    const last = GIVE_UP_AFTER_MS - RETRY_DELAYS_MS[3] + 1; // a try whose next would fall just past 24 hours
    repo.rows[0].attempts = 5;
    repo.rows[0].next_attempt_at = at(last).toISOString();
    expect(await s.deliverDue(at(last))).toBe(1);
    expect(repo.rows[0]).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: null });
    expect(warned).toHaveBeenCalledWith(expect.objectContaining({ msg: 'mail not sent', will_retry: false }));
    expect(await s.deliverDue(at(GIVE_UP_AFTER_MS * 2))).toBe(0);
  });

  it('never writes the mail server’s password into the error it keeps', async () => {
    const { outbox, repo, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    const leaky: MailTransport = {
      send: () => Promise.reject(new Error('connect failed to smtp://mailer:secret@mail.test')),
      close: () => undefined,
    };
    await sender(leaky).deliverDue(START);
    expect(repo.rows[0].last_error).toBe('connect failed to smtp://mail.test');
  });

  it('does not claim a message another instance holds, until its lease has run out', async () => {
    const { outbox, repo, transport, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    const [a, b] = [sender(), sender()];
    expect(a.instanceId).not.toBe(b.instanceId);
    transport.answer = 'hold';
    const running = a.deliverDue(START);
    await vi.waitFor(() => expect(transport.held).toHaveLength(1));
    expect(repo.rows[0]).toMatchObject({
      lease_owner: a.instanceId,
      lease_until: at(LEASE_MS).toISOString(),
    });
    expect(await b.deliverDue(at(LEASE_MS - 1))).toBe(0);

    // A's send outlives its lease: B takes the message over and sends it; A's late outcome is not written.
    transport.answer = 'accept';
    vi.setSystemTime(at(LEASE_MS + 1));
    expect(await b.deliverDue(at(LEASE_MS + 1))).toBe(1);
    expect(repo.rows[0]).toMatchObject({ status: 'sent', attempts: 1, sent_at: at(LEASE_MS + 1).toISOString() });
    transport.held[0]();
    expect(await running).toBe(1);
    expect(repo.rows[0]).toMatchObject({ status: 'sent', sent_at: at(LEASE_MS + 1).toISOString(), lease_owner: null });
  });

  it('runs nothing without a mail server; with one, polls every MAIL_POLL_SECONDS and stops on shutdown', async () => {
    const { outbox, repo, transport, jobs, sender } = setup();
    await outbox.queue([{ content: NOTICE, to: 'mum@example.com' }]);
    const idle = sender(null);
    idle.onApplicationBootstrap();
    expect(await idle.deliverDue(START)).toBe(0);
    expect(jobs.every).not.toHaveBeenCalled();

    const live = sender();
    live.onApplicationBootstrap();
    expect(jobs.every).toHaveBeenCalledWith('outbox-sender', 30_000, expect.any(Function), expect.any(Function));
    await live.settle(); // the run started at boot sends what a restart left queued
    expect(repo.rows[0].status).toBe('sent');

    // Queuing wakes the sender at once, without waiting for the next tick.
    await outbox.queue([{ content: NOTICE, to: 'dad@example.com' }]);
    outbox.wake();
    await live.settle();
    expect(transport.sent.map((m) => m.to)).toEqual(['mum@example.com', 'dad@example.com']);

    await live.onModuleDestroy();
    expect(jobs.stop).toHaveBeenCalledWith('outbox-sender');
    expect(transport.closed).toBe(true);
  });
});
