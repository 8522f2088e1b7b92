import {
  ConflictException,
  ForbiddenException,
  GoneException,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { describe, expect, it, vi } from 'vitest';
import { GUARDIAN_MESSAGES, INVITATION_DAYS, STUDENT_INVITATIONS_PER_DAY } from '../../shared/guardians.js';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeOutbox } from '../../test/fakes/outbox.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeThrottler } from '../../test/fakes/throttler.js';
import { fakeTransactions, PASSED_MANAGER } from '../../test/fakes/transactions.js';
import { fakeUsers } from '../../test/fakes/users.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import type { GuardianLinksService } from '../guardian-links/guardian-links.service.js';
import type { FamilyMail } from '../mail/family-mail.js';
import type { PasswordHasher } from '../users/password-hasher.js';
import type { GuardianInvitation } from './entities/guardian-invitation.entity.js';
import type { GuardianInvitationsRepository, NewInvitation } from './guardian-invitations.repository.js';
import { GuardianInvitationsService } from './guardian-invitations.service.js';
import { OFFICE_ADMIN, freezeDateEachTest, refusal } from '../../test/fakes/spec-helpers.js';

const DAY = 24 * 3_600_000;
const START = new Date('2026-03-02T12:00:00.000Z');
const ADMIN = OFFICE_ADMIN;
const STUDENT: SessionUser = { ...ADMIN, id: 2, role: 'student', student_id: 'S001', username: 'S001' };
const GOOD_PASSWORD = 'Blue-Harbour-Lantern-42';

/** The guardian_invitations table in memory, with the conditional spend of the real one. */
function fakeInvitations() {
  const rows: GuardianInvitation[] = [];
  let nextId = 1;
  const fake = {
    rows,
    async replace(row: NewInvitation, m: EntityManager) {
      expect(m).toBe(PASSED_MANAGER);
      for (let n = rows.length - 1; n >= 0; n--)
        if (rows[n].student_id === row.student_id && rows[n].email === row.email && !rows[n].used_at) rows.splice(n, 1);
      rows.push({ ...row, id: nextId++ });
    },
    async pending(ids: string[], now: string) {
      return rows.filter((r) => ids.includes(r.student_id) && !r.used_at && r.expires_at > now);
    },
    async unusedOf(studentId: string) {
      return rows.filter((r) => r.student_id === studentId && !r.used_at);
    },
    async delete(ids: number[]) {
      for (const id of ids)
        rows.splice(
          rows.findIndex((r) => r.id === id),
          1,
        );
    },
    async findByHash(hash: string) {
      return rows.find((r) => r.token_hash === hash) ?? null;
    },
    async spend(id: number, now: string) {
      const row = rows.find((r) => r.id === id && !r.used_at && r.expires_at > now);
      if (row) row.used_at = now;
      return !!row;
    },
  };
  return fake;
}

/** The guardian links in memory: who is linked to which student. */
function fakeLinks(users: ReturnType<typeof fakeUsers>) {
  const links: { guardianId: number; studentId: string; by: string }[] = [];
  const fake = {
    links,
    async guardiansOf(ids: string[]) {
      const out = new Map<string, { id: number; name: string; email: string; linked_at: string }[]>();
      for (const l of links.filter((x) => ids.includes(x.studentId))) {
        const u = users.rows.find((x) => x.id === l.guardianId)!;
        out.set(l.studentId, [
          ...(out.get(l.studentId) ?? []),
          { id: u.id, name: u.display_name, email: u.username!, linked_at: '' },
        ]);
      }
      return out;
    },
    async link(guardianId: number, studentId: string, by: string) {
      if (links.some((l) => l.guardianId === guardianId && l.studentId === studentId)) return false;
      links.push({ guardianId, studentId, by });
      return true;
    },
  };
  return fake;
}

function setup() {
  const tx = fakeTransactions();
  const invitations = fakeInvitations();
  const users = fakeUsers();
  const links = fakeLinks(users);
  const students = fakeStudentsRepository([
    { id: 'S001', first_name: ' Anya ' },
    { id: 'S002', first_name: 'Bea' },
  ]);
  const outbox = fakeOutbox();
  const announced: { studentId: string; guardian: { name: string; email: string } }[] = [];
  const familyMail = {
    async guardianLinked(studentId: string, guardian: { name: string; email: string }) {
      announced.push({ studentId, guardian });
      return 1;
    },
  } as unknown as FamilyMail;
  const hasher = { hash: async (p: string) => `hashed:${p}` } as unknown as PasswordHasher;
  const audit = fakeAudit();
  const limiter = fakeThrottler();
  const config = { mail: { publicUrl: 'https://portal.test' } } as AppConfig;
  const service = new GuardianInvitationsService(
    tx,
    invitations as unknown as GuardianInvitationsRepository,
    users,
    links as unknown as GuardianLinksService,
    students,
    hasher,
    outbox,
    familyMail,
    audit,
    config,
    limiter,
  );
  /** The token of the last invitation e-mailed to this address (as the link in the message carries it). */
  const tokenSentTo = (address: string): string => {
    const mail = outbox.queued.filter((q) => q.to === address).at(-1);
    const token = /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.content.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation was mailed to ${address}`);
    return token;
  };
  return { service, tx, invitations, users, links, outbox, announced, audit, tokenSentTo };
}

freezeDateEachTest(START);

describe('GuardianInvitationsService.invite', () => {
  it('stores an invitation valid INVITATION_DAYS days, mails its link, audits it in one transaction', async () => {
    const { service, tx, invitations, outbox, audit, tokenSentTo } = setup();
    const view = await service.invite(ADMIN, 's001', '  Mum@Example.COM ');

    expect(view).toEqual({
      email: 'mum@example.com',
      created_at: START.toISOString(),
      expires_at: new Date(START.getTime() + INVITATION_DAYS * DAY).toISOString(),
      invited_by: 'admin:office',
    });
    expect(tx.committed).toBe(1);
    expect(invitations.rows).toHaveLength(1);
    expect(invitations.rows[0]).toMatchObject({ student_id: 'S001', email: 'mum@example.com', used_at: null });
    // Only the token's hash is stored; the e-mail carries the token, and greets the student by her first name.
    const token = tokenSentTo('mum@example.com');
    expect(invitations.rows[0].token_hash).not.toContain(token);
    expect(outbox.queued).toMatchObject([{ to: 'mum@example.com', studentId: 'S001', inTransaction: true }]);
    expect(outbox.queued[0].content.text).toContain('Anya');
    expect(outbox.wakes).toBe(1);
    expect(audit.trail).toEqual([
      expect.objectContaining({
        action: 'guardian.invited',
        entity_id: 'S001',
        new_value: 'mum@example.com',
        actor: 'admin:office',
        inTransaction: true,
      }),
    ]);
  });

  it('refuses an address that is not one, and a student who does not exist, writing nothing', async () => {
    const { service, invitations, outbox } = setup();
    const bad = await refusal(service.invite(ADMIN, 'S001', 'not an address'));
    expect(bad).toBeInstanceOf(UnprocessableEntityException);
    expect(bad.getResponse()).toMatchObject({ errors: { email: [GUARDIAN_MESSAGES.emailInvalid] } });
    expect(await refusal(service.invite(ADMIN, 'S001', ''))).toBeInstanceOf(UnprocessableEntityException);
    expect(await refusal(service.invite(ADMIN, 'S404', 'mum@example.com'))).toBeInstanceOf(NotFoundException);
    expect(invitations.rows).toEqual([]);
    expect(outbox.queued).toEqual([]);
  });

  it('refuses an address already linked to the student', async () => {
    const { service, users, links, invitations } = setup();
    const mum = users.add({
      role: 'guardian',
      student_id: null,
      username: 'mum@example.com',
      display_name: 'Mum',
      password_hash: 'x',
      password_reset: 0,
    });
    links.links.push({ guardianId: mum.id, studentId: 'S001', by: 'admin:office' });
    const error = await refusal(service.invite(ADMIN, 'S001', 'mum@example.com'));
    expect(error).toBeInstanceOf(ConflictException);
    expect(error.message).toBe(GUARDIAN_MESSAGES.alreadyLinked);
    expect(invitations.rows).toEqual([]);
  });

  it('keeps one invitation per address and student: a new one replaces the unused one and its link', async () => {
    const { service, invitations, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    const first = tokenSentTo('mum@example.com');
    await service.invite(ADMIN, 'S002', 'mum@example.com');
    await service.invite(ADMIN, 'S001', 'dad@example.com');
    vi.setSystemTime(START.getTime() + 60_000);
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    const second = tokenSentTo('mum@example.com');

    expect(invitations.rows.map((r) => `${r.student_id} ${r.email}`).sort()).toEqual([
      'S001 dad@example.com',
      'S001 mum@example.com',
      'S002 mum@example.com',
    ]);
    expect(await refusal(service.check(first))).toBeInstanceOf(GoneException);
    expect((await service.check(second)).email).toBe('mum@example.com');
  });

  it(`lets a student send ${STUDENT_INVITATIONS_PER_DAY} a day, then refuses until the day ends`, async () => {
    const { service, invitations, outbox } = setup();
    for (let n = 1; n <= STUDENT_INVITATIONS_PER_DAY; n++) await service.invite(STUDENT, 'S001', `g${n}@example.com`);
    const error = await refusal(service.invite(STUDENT, 'S001', 'late@example.com'));
    expect(error.getStatus()).toBe(429);
    expect(invitations.rows.some((r) => r.email === 'late@example.com')).toBe(false);
    expect(outbox.queued).toHaveLength(STUDENT_INVITATIONS_PER_DAY);

    // The office is not counted, and the student's allowance comes back after a day.
    await service.invite(ADMIN, 'S001', 'office-sent@example.com');
    vi.setSystemTime(START.getTime() + DAY + 1000);
    await service.invite(STUDENT, 'S001', 'late@example.com');
    expect(invitations.rows.some((r) => r.email === 'late@example.com')).toBe(true);
  });

  it('refuses a student an address the office unlinked, in any spelling, but not one she removed', async () => {
    const { service, audit, invitations } = setup();
    audit.trail.push(
      {
        action: 'guardian.unlinked',
        entity: 'student',
        entity_id: 'S001',
        old_value: 'mum.smith@gmail.com',
        actor: 'admin:office',
        inTransaction: true,
      },
      {
        action: 'guardian.unlinked',
        entity: 'student',
        entity_id: 'S001',
        old_value: 'dad@example.com',
        actor: 'student:S001',
        inTransaction: true,
      },
    );
    const error = await refusal(service.invite(STUDENT, 'S001', 'MumSmith+school@gmail.com'));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe(GUARDIAN_MESSAGES.removedByOffice);
    await service.invite(STUDENT, 'S001', 'dad@example.com');
    await service.invite(ADMIN, 'S001', 'mum.smith@gmail.com');
    expect(invitations.rows.map((r) => r.email)).toEqual(['dad@example.com', 'mum.smith@gmail.com']);
  });
});

describe('GuardianInvitationsService.check', () => {
  it("shows the invitation's address, the student's first name and whether the account exists", async () => {
    const { service, users, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    expect(await service.check(tokenSentTo('mum@example.com'))).toEqual({
      email: 'mum@example.com',
      student_first_name: 'Anya',
      account_exists: false,
      expires_at: new Date(START.getTime() + INVITATION_DAYS * DAY).toISOString(),
    });
    users.add({
      role: 'guardian',
      student_id: null,
      username: 'mum@example.com',
      display_name: 'Mum',
      password_hash: 'x',
      password_reset: 0,
    });
    expect((await service.check(tokenSentTo('mum@example.com'))).account_exists).toBe(true);
  });

  it('answers 410 for a malformed or unknown token, and for an invitation past its expiry', async () => {
    const { service, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    const token = tokenSentTo('mum@example.com');
    expect(await refusal(service.check('short'))).toBeInstanceOf(GoneException);
    expect(await refusal(service.check('x'.repeat(43)))).toBeInstanceOf(GoneException);
    vi.setSystemTime(START.getTime() + INVITATION_DAYS * DAY - 1);
    expect((await service.check(token)).email).toBe('mum@example.com');
    vi.setSystemTime(START.getTime() + INVITATION_DAYS * DAY);
    expect(await refusal(service.check(token))).toBeInstanceOf(GoneException);
  });
});

describe('GuardianInvitationsService.accept', () => {
  it('creates the account, links it, audits and announces both, and spends the link', async () => {
    const { service, tx, users, links, announced, audit, invitations, outbox, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    const token = tokenSentTo('mum@example.com');
    audit.trail.length = 0;
    const wakes = outbox.wakes;

    const guardian = await service.accept(token, undefined, { name: '  Maria   Smith ', password: GOOD_PASSWORD });

    expect(guardian).toMatchObject({
      role: 'guardian',
      username: 'mum@example.com',
      email: 'mum@example.com',
      display_name: 'Maria Smith',
      password_hash: `hashed:${GOOD_PASSWORD}`,
      password_reset: 0,
    });
    expect(users.rows).toHaveLength(1);
    expect(links.links).toEqual([{ guardianId: guardian.id, studentId: 'S001', by: expect.stringContaining('Maria') }]);
    expect(audit.trail.map((e) => [e.action, e.entity_id, e.inTransaction])).toEqual([
      ['guardian.account-created', 'mum@example.com', true],
      ['guardian.linked', 'S001', true],
    ]);
    expect(announced).toEqual([{ studentId: 'S001', guardian: { name: 'Maria Smith', email: 'mum@example.com' } }]);
    expect(invitations.rows[0].used_at).toBe(START.toISOString());
    expect(tx.committed).toBe(2);
    expect(outbox.wakes).toBe(wakes + 1);

    // Once only.
    expect(await refusal(service.accept(token, undefined, { name: 'M', password: GOOD_PASSWORD }))).toBeInstanceOf(
      GoneException,
    );
  });

  it('refuses an expired invitation, making no account', async () => {
    const { service, users, links, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    vi.setSystemTime(START.getTime() + INVITATION_DAYS * DAY + 1);
    const error = await refusal(
      service.accept(tokenSentTo('mum@example.com'), undefined, { name: 'Maria', password: GOOD_PASSWORD }),
    );
    expect(error).toBeInstanceOf(GoneException);
    expect(error.message).toBe(GUARDIAN_MESSAGES.invitationGone);
    expect(users.rows).toEqual([]);
    expect(links.links).toEqual([]);
  });

  it.each([
    [{ password: GOOD_PASSWORD }, 'name', GUARDIAN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(81), password: GOOD_PASSWORD }, 'name', GUARDIAN_MESSAGES.nameTooLong],
    [{ name: 'Maria <admin:office>', password: GOOD_PASSWORD }, 'name', GUARDIAN_MESSAGES.nameCharacters],
    [{ name: 'Maria' }, 'password', 'Please enter the new password.'],
    [{ name: 'Maria', password: 'password123' }, 'password', undefined],
  ])('refuses %j on the %s field, leaving the link unspent', async (fields, field, message) => {
    const { service, users, invitations, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    const error = await refusal(service.accept(tokenSentTo('mum@example.com'), undefined, fields));
    expect(error).toBeInstanceOf(UnprocessableEntityException);
    const errors = (error.getResponse() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toEqual([field]);
    if (message) expect(errors[field]).toEqual([message]);
    expect(users.rows).toEqual([]);
    expect(invitations.rows[0].used_at).toBeNull();
  });

  it('sends a signed-out visitor whose address has an account to sign in first (409), the link unspent', async () => {
    const { service, users, invitations, tokenSentTo } = setup();
    await service.invite(ADMIN, 'S001', 'mum@example.com');
    users.add({
      role: 'guardian',
      student_id: null,
      username: 'mum@example.com',
      display_name: 'Mum',
      password_hash: 'x',
      password_reset: 0,
    });
    const error = await refusal(
      service.accept(tokenSentTo('mum@example.com'), undefined, { name: 'Maria', password: GOOD_PASSWORD }),
    );
    expect(error).toBeInstanceOf(ConflictException);
    expect(users.rows).toHaveLength(1);
    expect(invitations.rows[0].used_at).toBeNull();
  });

  it("links the signed-in guardian's existing account, and refuses another guardian's", async () => {
    const { service, users, links, audit, announced, tokenSentTo } = setup();
    const mum = users.add({
      role: 'guardian',
      student_id: null,
      username: 'mum@example.com',
      display_name: 'Mum',
      password_hash: 'x',
      password_reset: 0,
    });
    const other = users.add({
      role: 'guardian',
      student_id: null,
      username: 'aunt@example.com',
      display_name: 'Aunt',
      password_hash: 'x',
      password_reset: 0,
    });
    await service.invite(ADMIN, 'S002', 'mum@example.com');
    const token = tokenSentTo('mum@example.com');

    const wrong = await refusal(service.accept(token, users.toSessionUser(other), {}));
    expect(wrong).toBeInstanceOf(ForbiddenException);
    expect(wrong.message).toBe(GUARDIAN_MESSAGES.otherAccount('mum@example.com'));
    expect(links.links).toEqual([]);

    expect(await service.accept(token, users.toSessionUser(mum), {})).toBe(mum);
    expect(users.rows).toHaveLength(2);
    expect(links.links).toEqual([{ guardianId: mum.id, studentId: 'S002', by: expect.any(String) }]);
    expect(audit.trail.at(-1)).toMatchObject({ action: 'guardian.linked', entity_id: 'S002' });
    expect(announced).toHaveLength(1);
  });
});

describe('GuardianInvitationsService for the import and the unlink', () => {
  it('invites each pair once, leaving out addresses linked or with a valid invitation, not those expired', async () => {
    const { service, users, links } = setup();
    const mum = users.add({
      role: 'guardian',
      student_id: null,
      username: 'mum@example.com',
      display_name: 'Mum',
      password_hash: 'x',
      password_reset: 0,
    });
    links.links.push({ guardianId: mum.id, studentId: 'S001', by: 'admin:office' });
    await service.invite(ADMIN, 'S002', 'old@example.com');
    vi.setSystemTime(START.getTime() + DAY);
    await service.invite(ADMIN, 'S001', 'pending@example.com');
    vi.setSystemTime(START.getTime() + INVITATION_DAYS * DAY);

    const wanted = await service.toInvite([
      { student_id: 'S001', email: 'mum@example.com' },
      { student_id: 'S001', email: 'pending@example.com' },
      { student_id: 'S002', email: 'old@example.com' },
      { student_id: 'S002', email: 'new@example.com' },
      { student_id: 'S002', email: 'new@example.com' },
      { student_id: 'S002', email: 'mum@example.com' },
    ]);
    expect(wanted).toEqual([
      { student_id: 'S002', email: 'old@example.com' },
      { student_id: 'S002', email: 'new@example.com' },
      { student_id: 'S002', email: 'mum@example.com' },
    ]);
  });

  it('withdraws her unused invitations to the unlinked mailbox, in any spelling, keeping others', async () => {
    const { service, invitations } = setup();
    await service.invite(ADMIN, 'S001', 'mum.smith@gmail.com');
    await service.invite(ADMIN, 'S001', 'dad@example.com');
    await service.invite(ADMIN, 'S002', 'mum.smith@gmail.com');
    await service.withdrawSameMailbox('S001', 'mumsmith+x@gmail.com', PASSED_MANAGER);
    expect(invitations.rows.map((r) => `${r.student_id} ${r.email}`)).toEqual([
      'S001 dad@example.com',
      'S002 mum.smith@gmail.com',
    ]);
  });
});
