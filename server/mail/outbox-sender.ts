import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IntervalJobs } from '../common/interval-jobs.js';
import { Transactions } from '../database/transactions.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { OutboxMessage } from './entities/outbox-message.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { OutboxService } from './outbox.service.js';
import { nextAttemptAt } from './retry-schedule.js';

/**
 * A claimed message is this instance's for this long; a crash mid-send lets another instance try after it.
 * Well above the longest a claimed batch can take: 3 messages sent together, each bounded by the transport's
 * time limits (10 s to connect, 10 s for the greeting, 30 s of silence).
 */
export const LEASE_MS = 5 * 60_000;
/** Messages claimed (and then sent together) at a time: a claim is only as old as its own batch. */
const BATCH = 3;
const JOB = 'outbox-sender';

/**
 * Delivers the outbox (docs/product.md §10). Every instance looks for due messages every MAIL_POLL_SECONDS (and at
 * once when it queued some itself) and claims each with a conditional UPDATE that only one instance can
 * win: the row's lease. A message is marked sent after the mail server accepted it; a failure schedules
 * the next try (retry-schedule.ts) or, after 24 hours, marks it failed. Without SMTP_URL nothing runs:
 * messages are kept for the Outbox page.
 */
@Injectable()
export class OutboxSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  /** Names this instance in the lease: host, process and a random part (two processes may share a pid). */
  readonly instanceId = `${hostname().slice(0, 20)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tx: Transactions,
    private readonly messages: OutboxRepository,
    private readonly outbox: OutboxService,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: IntervalJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.transport) return;
    this.outbox.onQueued(() => this.kick());
    // kick() logs a run's failure itself (it never throws).
    this.jobs.every(
      JOB,
      this.config.mail.pollSeconds * 1000,
      () => this.kick(),
      () => undefined,
    );
    this.kick(); // messages left queued by a restart go out now, not at the first tick
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.jobs.stop(JOB);
    await this.settle();
    this.transport?.close();
  }

  /** Resolves when no delivery run of this instance is going (tests, and a clean shutdown). */
  async settle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /** Starts a delivery run unless one is going; then one more runs after it. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    this.running.catch((e: unknown) => this.logger.error({ msg: 'outbox run failed', error: String(e) }));
  }

  /**
   * Sends every message due at `now` that this instance can claim; answers how many it tried. Public so
   * that a test can run it with a later clock instead of waiting for the retry delays.
   */
  async deliverDue(now?: Date): Promise<number> {
    if (!this.transport) return 0;
    let tried = 0;
    while (!this.stopped) {
      // The clock is read at each claim: a long run's later batches get leases of their own length.
      const at = now ?? new Date();
      const claimed = await this.claimBatch(at);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((row) => this.deliver(row, at)));
      tried += claimed.length;
    }
    return tried;
  }

  /**
   * Claims up to BATCH due messages. In a transaction of its own (writeTransaction): on SQLite's one
   * connection a bare statement could otherwise land inside another request's transaction and be undone
   * with it, leaving a message sent but unclaimed.
   */
  private claimBatch(now: Date): Promise<OutboxMessage[]> {
    return this.tx.write((m) => this.claimBatchIn(m, now));
  }

  private async claimBatchIn(m: EntityManager, now: Date): Promise<OutboxMessage[]> {
    const at = now.toISOString();
    const due = await this.messages.dueIds(at, BATCH, m);
    const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
    const mine: number[] = [];
    for (const id of due) {
      // The claim: only one instance's UPDATE can find the row unleased (or its lease run out).
      if (await this.messages.lease(id, this.instanceId, leaseUntil, at, m)) mine.push(id);
    }
    if (mine.length === 0) return [];
    return this.messages.leasedBy(mine, this.instanceId, m);
  }

  private async deliver(row: OutboxMessage, now: Date): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await this.transport!.send({
        from: this.config.mail.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      const done = new Date().toISOString();
      await this.finish(row.id, {
        status: 'sent',
        attempts,
        sent_at: done,
        next_attempt_at: null,
        last_error: null,
        updated_at: done,
      });
    } catch (e) {
      const next = nextAttemptAt(new Date(row.queued_at), attempts, now);
      const error = describe(e);
      const done = new Date().toISOString();
      this.logger.warn({ msg: 'mail not sent', outbox_id: row.id, attempts, error, will_retry: !!next });
      await this.finish(row.id, {
        status: next ? 'queued' : 'failed',
        attempts,
        next_attempt_at: next ? next.toISOString() : null,
        last_error: error,
        updated_at: done,
      });
    }
  }

  /** Records the outcome and lets the lease go; only while the lease is still this instance's. */
  private async finish(id: number, changes: Partial<OutboxMessage>): Promise<void> {
    await this.tx.write((m) => this.messages.finish(id, this.instanceId, changes, m));
  }
}

/** The mail server's answer or the connection's failure, short, for the Outbox page (never a password). */
function describe(e: unknown): string {
  const err = e as { code?: string; responseCode?: number; response?: string; message?: string };
  const parts = [err.code, err.responseCode, err.response ?? err.message].filter((p) => p !== undefined && p !== '');
  return (
    parts
      .join(' ')
      .replace(/\/\/[^@\s]*@/g, '//')
      .slice(0, 500) || 'unknown error'
  );
}
