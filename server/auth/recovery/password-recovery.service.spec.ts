import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../../shared/constants.js';
import { MAIL_MESSAGES, RESET_TOKEN_MINUTES } from '../../../shared/mail.js';
import { linkTokenHash } from '../../common/link-tokens.js';
import type { SessionUser } from '../../common/session-user.js';
import type { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../config/clock.js';
import type { FamilyMail } from '../../mail/family-mail.js';
import type { MailContent } from '../../mail/mail-templates.js';
import type { OutboxService } from '../../mail/outbox.service.js';
import type { StudentsRepository } from '../../students/students.repository.js';
import type { User } from '../../users/entities/user.entity.js';
import type { PasswordHasher } from '../../users/password-hasher.js';
import type { DbSessionStore } from '../sessions/db-session-store.js';
import { accountLockKey } from '../sign-in/login-throttle.service.js';
import { fakeAudit } from '../../../test/fakes/audit.js';
import { fakeLoginThrottle } from '../../../test/fakes/login-throttle.js';
import { fakeThrottlerStorage } from '../../../test/fakes/throttler-storage.js';
import { fakeTransactions, PASSED_MANAGER } from '../../../test/fakes/transactions.js';
import { aUser, fakeUsers } from '../../../test/fakes/users.js';
import type { PasswordResetToken } from './password-reset-token.entity.js';
import { PasswordRecoveryService } from './password-recovery.service.js';
import type { NewResetToken, ResetTokensRepository } from './reset-tokens.repository.js';

/** The password_reset_tokens table in memory, by the rules of ResetTokensRepository. */
function memoryTokens() {
  const rows: PasswordResetToken[] = [];
  const repo = {
    rows,
    async findByHash(tokenHash: string) {
      const row = rows.find((r) => r.token_hash === tokenHash);
      return row ? { ...row } : null;
    },
    async replace(m: EntityManager, token: NewResetToken) {
      expect(m).toBe(PASSED_MANAGER);
      for (let i = rows.length - 1; i >= 0; i--)
        if (rows[i].user_id === token.user_id && !rows[i].used_at) rows.splice(i, 1);
      rows.push({ id: rows.length + 100, ...token, used_at: null });
    },
    async use(m: EntityManager, id: number, now: string) {
      expect(m).toBe(PASSED_MANAGER);
      const row = rows.find((r) => r.id === id && !r.used_at && r.expires_at > now);
      if (row) row.used_at = now;
      return !!row;
    },
  };
  return repo as typeof repo & ResetTokensRepository;
}

const ADMIN_PASSWORD = 'Tamarind-Season-2026';

function build() {
  const accounts = [
    aUser({ id: 1, role: 'admin', username: 'registrar', email: 'registrar@school.test' }),
    aUser({ id: 2, role: 'admin', username: 'noaddress', email: null }),
    aUser({ id: 3, role: 'guardian', username: 'parent@home.test', email: 'parent@home.test' }),
    aUser({ id: 4, role: 'student', student_id: '20260001' }),
  ];
  const users = fakeUsers(accounts);
  const lookups: string[] = [];
  for (const find of ['findAdmin', 'findGuardian', 'findStudent'] as const) {
    const real = users[find].bind(users);
    Object.assign(users, { [find]: (name: string) => (lookups.push(name), real(name)) });
  }
  const tokens = memoryTokens();
  const transactions = fakeTransactions();
  const throttle = fakeLoginThrottle();
  const audit = fakeAudit();
  const limiter = fakeThrottlerStorage();
  const clock = new Clock();
  const ended: { userId: number; reason: string }[] = [];
  const sessions = {
    async destroyAllSessions(userId: number, reason: string) {
      ended.push({ userId, reason });
    },
  } as unknown as DbSessionStore;
  const hasher = { hash: async (password: string) => `hashed:${password}` } as unknown as PasswordHasher;
  const students = {
    pick: async () => ({ date_of_birth: '2011-04-09' }),
    isFormer: async () => false,
  } as unknown as StudentsRepository;
  const queued: { content: MailContent; to: string; guardianId: number | null; inTransaction: boolean }[] = [];
  let woken = 0;
  const outbox = {
    context: { schoolName: 'Test School', publicUrl: 'https://portal.school.test' },
    async queue(mails: { content: MailContent; to: string; guardianId: number | null }[], m?: EntityManager) {
      queued.push(...mails.map((mail) => ({ ...mail, inTransaction: m !== undefined })));
      return mails.length;
    },
    wake: () => woken++,
  } as unknown as OutboxService;
  const noticed: { userId: number; inTransaction: boolean }[] = [];
  const familyMail = {
    async recipients(user: User) {
      return { to: user.email ? [user.email] : [], name: { admin: user.username ?? '' } };
    },
    async passwordChanged(user: User, m?: EntityManager) {
      noticed.push({ userId: user.id, inTransaction: m !== undefined });
      return 1;
    },
  } as unknown as FamilyMail;
  const config = { mail: { publicUrl: 'https://portal.school.test' } } as AppConfig;
  const service = new PasswordRecoveryService(
    transactions,
    tokens,
    clock,
    users,
    hasher,
    sessions,
    throttle,
    audit,
    students,
    outbox,
    familyMail,
    config,
    limiter,
  );
  return {
    service,
    users,
    lookups,
    tokens,
    transactions,
    throttle,
    audit,
    limiter,
    clock,
    ended,
    queued,
    noticed,
    woken: () => woken,
  };
}
type Built = ReturnType<typeof build>;

/** Asks for a link as the controller does: the answer is sent first, then the link is made. */
async function ask(t: Built, kind: 'admin' | 'guardian' | 'student', name: string, ip = '203.0.113.9') {
  await t.service.request(kind, name, ip, Promise.resolve());
  await t.service.settle();
}

/** The token in the link of the last message queued. */
function lastToken(t: Built): string {
  const text = t.queued.at(-1)!.content.text;
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ status: 200, message: '' }),
    (e: { getStatus?: () => number; response?: { message?: string } }) => ({
      status: e.getStatus?.() ?? 500,
      message: e.response?.message ?? String(e),
    }),
  );
const GONE = { status: 410, message: MAIL_MESSAGES.tokenGone };

beforeAll(() => Logger.overrideLogger(false));

describe('PasswordRecoveryService: the link', () => {
  it('mails a link whose token is stored only as its hash, valid for its minutes, and audits it', async () => {
    const t = build();
    await ask(t, 'admin', 'Registrar');
    expect(t.queued.map((q) => q.to)).toEqual(['registrar@school.test']);
    const token = lastToken(t);
    expect(t.tokens.rows).toHaveLength(1);
    const [row] = t.tokens.rows;
    expect(row.token_hash).toBe(linkTokenHash(token));
    expect(JSON.stringify(t.tokens.rows)).not.toContain(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(RESET_TOKEN_MINUTES * 60_000);
    // The token, the mail and the audit entry are written together, and the sender is woken after.
    expect(t.transactions.committed).toBe(1);
    expect(t.queued[0].inTransaction).toBe(true);
    expect(t.audit.recorded).toEqual([
      {
        actor: null,
        event: { action: 'password.reset-link-sent', entity: 'user', entity_id: 'registrar', new_value: { to: 1 } },
        inTransaction: true,
      },
    ]);
    expect(t.woken()).toBe(1);
    expect(await t.service.check(token)).toEqual({ account: 'admin' });
  });

  it('tells nothing about the account: an unknown name and an account without an address get nothing', async () => {
    const t = build();
    await expect(ask(t, 'admin', 'nobody')).resolves.toBeUndefined();
    await expect(ask(t, 'admin', 'noaddress')).resolves.toBeUndefined();
    expect(t.queued).toEqual([]);
    expect(t.tokens.rows).toEqual([]);
    expect(t.audit.recorded).toEqual([]);
  });

  it('looks the account up only once the answer has been sent', async () => {
    const t = build();
    let send!: () => void;
    const answered = new Promise<void>((resolve) => (send = resolve));
    await t.service.request('admin', 'registrar', '203.0.113.9', answered);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(t.lookups).toEqual([]);
    send();
    await t.service.settle();
    expect(t.lookups).toEqual(['registrar']);
    expect(t.queued).toHaveLength(1);
  });

  it('keeps only the newest link of an account', async () => {
    const t = build();
    await ask(t, 'admin', 'registrar');
    const first = lastToken(t);
    await ask(t, 'admin', 'registrar');
    expect(await failure(t.service.check(first))).toEqual(GONE);
    expect(await t.service.check(lastToken(t))).toEqual({ account: 'admin' });
  });

  it('stops working when its minutes are over', async () => {
    const t = build();
    await ask(t, 'admin', 'registrar');
    const token = lastToken(t);
    t.clock.advance((RESET_TOKEN_MINUTES - 1) * 60_000);
    expect(await t.service.check(token)).toEqual({ account: 'admin' });
    t.clock.advance(60_000);
    expect(await failure(t.service.check(token))).toEqual(GONE);
    expect(await failure(t.service.reset(token, ADMIN_PASSWORD))).toEqual(GONE);
  });

  it('answers 410 for anything that is not a live link', async () => {
    const t = build();
    expect(await failure(t.service.check('short'))).toEqual(GONE);
    expect(await failure(t.service.check('x'.repeat(43)))).toEqual(GONE);
  });
});

describe('PasswordRecoveryService: limits', () => {
  it('takes three requests a quarter-hour per account name, known or not, then 429', async () => {
    const t = build();
    for (const name of ['nobody', 'NOBODY', ' nobody ']) await ask(t, 'admin', name);
    const refused = await failure(ask(t, 'admin', 'nobody'));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many password link requests/);
    // Another name from the same address still gets its link.
    await ask(t, 'admin', 'registrar');
    expect(t.queued).toHaveLength(1);
    t.limiter.advance(15 * 60_000);
    await ask(t, 'admin', 'nobody');
  });

  it('takes twenty requests a quarter-hour from one address', async () => {
    const t = build();
    for (let i = 0; i < 20; i++) await ask(t, 'admin', `name${i}`, '198.51.100.1');
    expect((await failure(ask(t, 'admin', 'registrar', '198.51.100.1'))).status).toBe(429);
    await ask(t, 'admin', 'registrar', '198.51.100.2');
    expect(t.queued).toHaveLength(1);
  });
});

describe('PasswordRecoveryService: the new password', () => {
  it('checks the policy before spending the link', async () => {
    const t = build();
    await ask(t, 'admin', 'registrar');
    const token = lastToken(t);
    expect((await failure(t.service.reset(token, 'short'))).status).toBe(422);
    expect(t.users.passwords).toEqual([]);
    expect(await t.service.check(token)).toEqual({ account: 'admin' });
  });

  it('spends the link once: password, audit and notice together; sessions end, the lock lifts', async () => {
    const t = build();
    await ask(t, 'admin', 'registrar');
    const token = lastToken(t);
    const user = await t.service.reset(token, ADMIN_PASSWORD);
    expect(user).toMatchObject({ id: 1, password_reset: 0 });
    expect(t.users.passwords).toEqual([
      { id: 1, hash: `hashed:${ADMIN_PASSWORD}`, mustReset: false, inTransaction: true },
    ]);
    expect(t.audit.recorded.at(-1)).toEqual({
      actor: null,
      event: { action: 'password.recovered', entity: 'user', entity_id: 'registrar', field: 'password' },
      inTransaction: true,
    });
    expect(t.noticed).toEqual([{ userId: 1, inTransaction: true }]);
    expect(t.ended).toEqual([{ userId: 1, reason: 'password-changed' }]);
    expect(t.throttle.cleared).toContain(accountLockKey(user));
    expect(await failure(t.service.reset(token, ADMIN_PASSWORD))).toEqual(GONE);
  });

  it('voids a link when the password changed after it was made', async () => {
    const t = build();
    await ask(t, 'admin', 'registrar');
    const token = lastToken(t);
    t.clock.advance(1000);
    t.users.accounts[0].password_changed_at = t.clock.now().toISOString();
    expect(await failure(t.service.check(token))).toEqual(GONE);
  });
});

describe('PasswordRecoveryService: a link sent by the office', () => {
  const office: SessionUser = {
    id: 1,
    role: 'admin',
    student_id: null,
    username: 'registrar',
    display_name: 'The Registrar',
    password_reset: 0,
    email: null,
  };

  it("goes to the parent's own address, audited with the administrator in the student's history", async () => {
    const t = build();
    expect(await t.service.sendGuardianLinkByOffice(office, 3, '20260001')).toBe('parent@home.test');
    expect(t.queued.map((q) => ({ to: q.to, guardianId: q.guardianId }))).toEqual([
      { to: 'parent@home.test', guardianId: 3 },
    ]);
    expect(t.audit.recorded.map((e) => [e.actor?.id ?? null, e.event.action, e.event.entity_id])).toEqual([
      [1, 'password.reset-link-sent', 'parent@home.test'],
      [1, 'guardian.reset-link-sent', '20260001'],
    ]);
  });

  it("counts with the parent's own requests, and is only for a parent's account", async () => {
    const t = build();
    for (let i = 0; i < 3; i++) await t.service.sendGuardianLinkByOffice(office, 3, '20260001');
    expect((await failure(t.service.sendGuardianLinkByOffice(office, 3, '20260001'))).status).toBe(429);
    expect(await failure(t.service.sendGuardianLinkByOffice(office, 4, '20260001'))).toEqual({
      status: 404,
      message: MESSAGES.notFound,
    });
  });
});
