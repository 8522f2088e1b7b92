import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import { MFA_MESSAGES, MFA_RECOVERY_CODE_COUNT } from '../../../shared/mfa.js';
import type { SessionUser } from '../../common/session-user.js';
import type { AppConfig } from '../../config/app-config.js';
import type { AuthService } from '../sign-in/auth.service.js';
import { fakeAudit } from '../../../test/fakes/audit.js';
import { fakeLoginThrottle } from '../../../test/fakes/login-throttle.js';
import { fakeTransactions, PASSED_MANAGER } from '../../../test/fakes/transactions.js';
import { aUser, fakeUsers } from '../../../test/fakes/users.js';
import type { AdminMfa } from './admin-mfa.entity.js';
import type { AdminMfaRepository, MfaSetupRow } from './admin-mfa.repository.js';
import { currentCode, MfaService } from './mfa.service.js';

/** The admin_mfa tables in memory, by the rules of AdminMfaRepository's conditional UPDATEs. */
function memoryMfaRows() {
  const rows = new Map<number, AdminMfa>();
  const codes: { user_id: number; code_hash: string; used_at: string | null }[] = [];
  const inTransaction = (m: EntityManager) => expect(m).toBe(PASSED_MANAGER);
  const repo = {
    rows,
    codes,
    async find(userId: number) {
      const row = rows.get(userId);
      return row ? { ...row } : null;
    },
    async saveSetup(row: MfaSetupRow) {
      rows.set(row.user_id, { ...row, enabled_at: null, last_step: 0 });
    },
    async enable(userId: number, at: string) {
      const row = rows.get(userId);
      if (row) Object.assign(row, { enabled_at: at, updated_at: at });
    },
    async takeStep(userId: number, step: number, at: string) {
      const row = rows.get(userId);
      if (!row || row.last_step >= step) return false;
      Object.assign(row, { last_step: step, updated_at: at });
      return true;
    },
    async unusedCodes(userId: number) {
      return codes.filter((c) => c.user_id === userId && !c.used_at).length;
    },
    async useCode(userId: number, codeHash: string, at: string) {
      const code = codes.find((c) => c.user_id === userId && c.code_hash === codeHash && !c.used_at);
      if (code) code.used_at = at;
      return !!code;
    },
    async replaceCodes(m: EntityManager, userId: number, hashes: string[]) {
      inTransaction(m);
      for (let i = codes.length - 1; i >= 0; i--) if (codes[i].user_id === userId) codes.splice(i, 1);
      codes.push(...hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })));
    },
    async remove(m: EntityManager, userId: number) {
      inTransaction(m);
      rows.delete(userId);
      for (let i = codes.length - 1; i >= 0; i--) if (codes[i].user_id === userId) codes.splice(i, 1);
    },
  };
  return repo as typeof repo & AdminMfaRepository;
}

const ADMIN = aUser({ id: 7, role: 'admin', username: 'registrar', display_name: 'The Registrar' });
const admin: SessionUser = {
  id: ADMIN.id,
  role: 'admin',
  student_id: null,
  username: ADMIN.username,
  display_name: ADMIN.display_name,
  password_reset: 0,
  email: null,
};

function build(adminMfa: AppConfig['adminMfa'] = 'optional') {
  const config = { sessionSecret: 's'.repeat(48), adminMfa, schoolName: 'Test School' } as AppConfig;
  const rows = memoryMfaRows();
  const transactions = fakeTransactions();
  const throttle = fakeLoginThrottle();
  const audit = fakeAudit();
  const users = fakeUsers([{ ...ADMIN }]);
  const passwordsTried: string[] = [];
  const auth = {
    async confirmOwnPassword(_user: SessionUser, password: string) {
      passwordsTried.push(password);
      if (password !== 'right password') throw new Error('wrong password');
    },
  } as unknown as AuthService;
  const service = new MfaService(config, rows, transactions, throttle, audit, users, auth);
  return { service, rows, transactions, throttle, audit, users, passwordsTried };
}

// The refused codes' warnings are the service's log, not the spec's output.
beforeAll(() => Logger.overrideLogger(false));

const now = () => Math.floor(Date.now() / 1000);

/** Sets two-step sign-in up and on; answers the secret and the recovery codes shown once. */
async function enrolled(t: ReturnType<typeof build>) {
  const { secret } = await t.service.setup(admin);
  const { recovery_codes } = await t.service.confirm(admin, await currentCode(secret, now() - 30));
  return { secret, recovery_codes };
}

const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'passed',
    (e: { response?: { message?: string }; getStatus?: () => number }) => e.response?.message ?? String(e),
  );
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: { getStatus?: () => number }) => e.getStatus?.() ?? 500,
  );

describe('MfaService: enrolment', () => {
  it('keeps a new secret encrypted and off until its first right code, then makes the recovery codes', async () => {
    const t = build();
    const { secret, account, issuer } = await t.service.setup(admin);
    expect({ account, issuer }).toEqual({ account: 'registrar', issuer: 'Test School' });
    const stored = t.rows.rows.get(admin.id)!;
    expect(stored.enabled_at).toBeNull();
    expect(stored.secret_enc).not.toContain(secret);
    expect(await t.service.isEnabled(admin.id)).toBe(false);

    expect(await message(t.service.confirm(admin, '000000'))).toBe(MFA_MESSAGES.wrongCode);
    expect(await t.service.isEnabled(admin.id)).toBe(false);

    const { recovery_codes } = await t.service.confirm(admin, await currentCode(secret));
    expect(recovery_codes).toHaveLength(MFA_RECOVERY_CODE_COUNT);
    expect(new Set(recovery_codes).size).toBe(MFA_RECOVERY_CODE_COUNT);
    // Only their hashes are kept.
    expect(t.rows.codes.map((c) => c.code_hash)).not.toContain(recovery_codes[0]);
    expect(await t.service.status(admin)).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: MFA_RECOVERY_CODE_COUNT,
    });
    expect(t.audit.actions()).toEqual(['mfa.enabled']);
  });

  it('refuses a second set-up while it is on, and a first code without a set-up', async () => {
    const t = build();
    expect(await message(t.service.confirm(admin, '123456'))).toBe(MFA_MESSAGES.noSetup);
    await enrolled(t);
    expect(await status(t.service.setup(admin))).toBe(409);
    expect(await message(t.service.setup(admin))).toBe(MFA_MESSAGES.alreadyOn);
  });

  it('with ADMIN_MFA=required, takes the enrolment code logged for the account, and no other', async () => {
    const t = build('required');
    expect(await t.service.mustEnrol(admin)).toBe(true);
    expect(await message(t.service.setup(admin))).toBe(MFA_MESSAGES.enrolmentCodePrompt);
    expect(await message(t.service.setup(admin, 'aaaaa-aaaaa'))).toBe(MFA_MESSAGES.wrongEnrolmentCode);
    expect(t.rows.rows.size).toBe(0);
    // Typed in capitals and without its dash, it is the same code.
    const code = t.service.enrolmentCode(ADMIN).replace('-', '').toUpperCase();
    const { secret } = await t.service.setup(admin, code);
    await t.service.confirm(admin, await currentCode(secret));
    expect(await t.service.mustEnrol(admin)).toBe(false);
    expect(await t.service.withEnrolmentFlag(admin.id, { mfa_enrolment_required: true } as never)).toEqual({});
  });

  it('counts wrong enrolment codes like passwords: the fifth locks the set-up', async () => {
    const t = build('required');
    for (let i = 0; i < 5; i++) await message(t.service.setup(admin, 'aaaaa-aaaaa'));
    expect(await status(t.service.setup(admin, t.service.enrolmentCode(ADMIN)))).toBe(429);
    expect(t.throttle.locked).toEqual(new Set(['mfa-enrol:registrar']));
  });
});

describe('MfaService: codes at sign-in', () => {
  it('takes the code of this time step and of the one either side, not older ones', async () => {
    const t = build();
    const { secret } = await enrolled(t);
    expect(await message(t.service.verifySignIn(admin, await currentCode(secret, now() - 120)))).toBe(
      MFA_MESSAGES.wrongCode,
    );
    await t.service.verifySignIn(admin, await currentCode(secret, now()));
    expect(await message(t.service.verifySignIn(admin, await currentCode(secret, now() + 30)))).toBe('passed');
  });

  it('never takes a code twice, nor one of a step before the last one used', async () => {
    const t = build();
    const { secret } = await enrolled(t);
    const code = await currentCode(secret, now() + 30);
    await t.service.verifySignIn(admin, code);
    expect(await message(t.service.verifySignIn(admin, code))).toBe(MFA_MESSAGES.codeUsed);
    expect(await message(t.service.verifySignIn(admin, await currentCode(secret)))).toBe(MFA_MESSAGES.codeUsed);
  });

  it('locks the account after five wrong codes: even the right one then gets 429', async () => {
    const t = build();
    const { secret } = await enrolled(t);
    for (let i = 0; i < 5; i++)
      expect(await message(t.service.verifySignIn(admin, '000000'))).toBe(MFA_MESSAGES.wrongCode);
    expect(t.throttle.locked.has('mfa:registrar')).toBe(true);
    expect(await status(t.service.verifySignIn(admin, await currentCode(secret, now() + 30)))).toBe(429);
  });

  it('clears the count of wrong codes on a right one', async () => {
    const t = build();
    const { secret } = await enrolled(t);
    for (let i = 0; i < 4; i++) await message(t.service.verifySignIn(admin, '000000'));
    await t.service.verifySignIn(admin, await currentCode(secret, now() + 30));
    expect(t.throttle.counts.has('mfa:registrar')).toBe(false);
  });

  it('refuses the second step of an account without two-step sign-in', async () => {
    const t = build();
    expect(await status(t.service.verifySignIn(admin, '123456'))).toBe(403);
  });
});

describe('MfaService: recovery codes', () => {
  it('takes each recovery code once, however it is typed, and audits how many are left', async () => {
    const t = build();
    const { recovery_codes } = await enrolled(t);
    await t.service.verifySignIn(admin, ` ${recovery_codes[0].toUpperCase().replace('-', ' ')} `);
    expect(await message(t.service.verifySignIn(admin, recovery_codes[0]))).toBe(MFA_MESSAGES.wrongRecoveryCode);
    expect((await t.service.status(admin)).recovery_codes_left).toBe(MFA_RECOVERY_CODE_COUNT - 1);
    const used = t.audit.recorded.find((e) => e.event.action === 'mfa.recovery-code-used');
    expect(used?.event.new_value).toBe(`${MFA_RECOVERY_CODE_COUNT - 1} left`);
    expect(used?.actor?.id).toBe(admin.id);
  });

  it('renews them with a proof: the old ones stop working, in one transaction', async () => {
    const t = build();
    const { secret, recovery_codes } = await enrolled(t);
    const before = t.transactions.committed;
    const renewed = await t.service.regenerateRecoveryCodes(admin, { code: await currentCode(secret, now() + 30) });
    expect(t.transactions.committed).toBe(before + 1);
    expect(renewed.recovery_codes).toHaveLength(MFA_RECOVERY_CODE_COUNT);
    expect(await message(t.service.verifySignIn(admin, recovery_codes[1]))).toBe(MFA_MESSAGES.wrongRecoveryCode);
    await t.service.verifySignIn(admin, renewed.recovery_codes[1]);
    expect(t.audit.actions()).toContain('mfa.recovery-codes-renewed');
  });
});

describe('MfaService: turning it off', () => {
  it('takes a current code or her password, and removes the secret and the codes with the audit entry', async () => {
    const t = build();
    const { secret } = await enrolled(t);
    expect(await message(t.service.disable(admin, {}))).toBe(MFA_MESSAGES.codeOrPassword);
    await expect(t.service.disable(admin, { password: 'wrong' })).rejects.toThrow('wrong password');
    expect(await t.service.isEnabled(admin.id)).toBe(true);

    await t.service.disable(admin, { password: 'right password' });
    expect(t.passwordsTried).toEqual(['wrong', 'right password']);
    expect(t.rows.rows.size).toBe(0);
    expect(t.rows.codes).toEqual([]);
    const off = t.audit.recorded.find((e) => e.event.action === 'mfa.disabled');
    expect(off?.inTransaction).toBe(true);

    // Set up again: a new secret.
    const again = await enrolled(t);
    expect(again.secret).not.toBe(secret);
  });

  it('refuses to turn off what is not on', async () => {
    const t = build();
    expect(await message(t.service.disable(admin, { password: 'right password' }))).toBe(MFA_MESSAGES.notOn);
  });
});
