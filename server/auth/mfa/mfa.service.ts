import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  UnprocessableEntityException,
} from '@nestjs/common';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AdminLoginResponse } from '../../../shared/api-types.js';
import {
  isTotpCode,
  MFA_MESSAGES,
  MFA_RECOVERY_CODE_COUNT,
  type MfaRecoveryCodes,
  type MfaSetup,
  type MfaStatus,
  normaliseRecoveryCode,
} from '../../../shared/mfa.js';
import { AuditService } from '../../audit/audit.service.js';
import type { SessionUser } from '../../common/session-user.js';
import { nowIso } from '../../common/time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactions } from '../../database/transactions.js';
import { UsersService } from '../../users/users.service.js';
import { AuthService } from '../sign-in/auth.service.js';
import { LoginThrottleService } from '../sign-in/login-throttle.service.js';
import type { AdminMfa } from './admin-mfa.entity.js';
import { AdminMfaRepository } from './admin-mfa.repository.js';

const PERIOD_S = 30;
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_S = PERIOD_S;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

function codeError(message: string): UnprocessableEntityException {
  return new UnprocessableEntityException({ message, errors: { code: [message] } });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** 'k7m2p-x9qrt': 10 characters of a 31-letter alphabet (about 50 random bits), grouped for reading. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** 'k7m2p-x9qrt' made of the digest's bytes (those below a multiple of the alphabet's size, so none is likelier). */
function codeOfDigest(digest: Buffer): string {
  const fair = Math.floor(256 / RECOVERY_ALPHABET.length) * RECOVERY_ALPHABET.length;
  const code = [...digest]
    .filter((b) => b < fair)
    .slice(0, RECOVERY_LENGTH)
    .map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length])
    .join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What proves it is her when changing two-step sign-in: a current code (or recovery code), or her password. */
export interface MfaProof {
  code?: string;
  password?: string;
}

/**
 * Two-step sign-in for administrators (TOTP, RFC 6238, with otplib): set-up, codes at sign-in, recovery
 * codes. Its tables (admin_mfa, admin_mfa_recovery_codes) are reached through AdminMfaRepository. Codes are
 * throttled per account like passwords (LoginThrottleService, key `mfa:<username>`), and no code is accepted twice:
 * the last time step used is kept per administrator, and a recovery code is marked used, each by one conditional
 * UPDATE.
 */
@Injectable()
export class MfaService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mfa');
  private readonly key: Buffer;
  private readonly enrolmentKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rows: AdminMfaRepository,
    private readonly transactions: Transactions,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.sessionSecret, 'student-portal', 'admin-mfa-secret', 32));
    this.enrolmentKey = Buffer.from(
      hkdfSync('sha256', config.sessionSecret, 'student-portal', 'admin-mfa-enrolment', 32),
    );
  }

  /**
   * ADMIN_MFA=required: whoever first signs in with an administrator's password must not be able to set
   * up two-step sign-in on her own phone. Setting it up also takes the administrator's enrolment code, which only the
   * person who runs the server sees: it is written to the log at every start, once per administrator who has not set
   * it up, and when such an account is created. The code is an HMAC (a key derived from SESSION_SECRET) of the account
   * (id, username, creation time): every instance and worker computes the same one without storing anything, so a
   * restart or a second instance does not invalidate a code already passed on. It works only while she has not set
   * two-step sign-in up; wrong codes are throttled like passwords (`mfa-enrol:<username>`).
   */
  onApplicationBootstrap(): Promise<void> {
    return this.logEnrolmentCodes();
  }

  /** Logs the enrolment code of every administrator (or of the one named) who must still set up two-step sign-in. */
  async logEnrolmentCodes(username?: string): Promise<void> {
    if (this.config.adminMfa !== 'required') return;
    for (const admin of await this.users.admins()) {
      if (username !== undefined && admin.username !== username) continue;
      if (await this.isEnabled(admin.id)) continue;
      this.logger.warn({
        msg: 'two-step sign-in enrolment code: give it to this administrator in person; she enters it to set it up',
        admin: admin.username,
        enrolment_code: this.enrolmentCode(admin),
      });
    }
  }

  /** The account's enrolment code (see onApplicationBootstrap). */
  enrolmentCode(admin: { id: number; username: string | null; created_at: string }): string {
    const digest = createHmac('sha256', this.enrolmentKey)
      .update(`${admin.id}\n${admin.username ?? ''}\n${admin.created_at}`)
      .digest();
    return codeOfDigest(digest);
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.rows.find(userId);
    return !!row?.enabled_at;
  }

  /** ADMIN_MFA=required and this administrator has not set it up yet. */
  async mustEnrol(user: { id: number; role: string }): Promise<boolean> {
    if (this.config.adminMfa !== 'required' || user.role !== 'admin') return false;
    return !(await this.isEnabled(user.id));
  }

  /** Adds `mfa_enrolment_required` to an administrator's sign-in or session answer when she must enrol. */
  async withEnrolmentFlag(userId: number, response: AdminLoginResponse): Promise<AdminLoginResponse> {
    const { mfa_enrolment_required: _drop, ...rest } = response;
    return (await this.mustEnrol({ id: userId, role: 'admin' })) ? { ...rest, mfa_enrolment_required: true } : rest;
  }

  async status(user: SessionUser): Promise<MfaStatus> {
    const enabled = await this.isEnabled(user.id);
    const left = enabled ? await this.rows.unusedCodes(user.id) : 0;
    return { enabled, required: this.config.adminMfa === 'required', recovery_codes_left: left };
  }

  /**
   * A new secret waiting for its first code; replaces an unfinished set-up. Refused while it is on. With
   * ADMIN_MFA=required the account's enrolment code must come with it (422 on `enrolment_code` otherwise), checked
   * before the secret is made.
   */
  async setup(user: SessionUser, enrolmentCode?: string): Promise<MfaSetup> {
    const existing = await this.rows.find(user.id);
    if (existing?.enabled_at) throw new ConflictException(MFA_MESSAGES.alreadyOn);
    if (this.config.adminMfa === 'required') await this.checkEnrolmentCode(user, enrolmentCode);
    const secret = generateSecret();
    const now = nowIso();
    await this.rows.saveSetup({
      user_id: user.id,
      secret_enc: this.encrypt(secret),
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    const issuer = this.config.schoolName;
    const account = user.username ?? '';
    const uri = generateURI({ issuer, label: account, secret });
    const qr_data_url = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { qr_data_url, secret, account, issuer };
  }

  /** The first right code turns it on; the recovery codes are made then and shown this once. */
  async confirm(user: SessionUser, code: string): Promise<MfaRecoveryCodes> {
    const row = await this.rows.find(user.id);
    if (row?.enabled_at) throw new ConflictException(MFA_MESSAGES.alreadyOn);
    if (!row) throw codeError(MFA_MESSAGES.noSetup);
    await this.checkTotp(user, row, code);
    await this.rows.enable(user.id, nowIso());
    const recovery = await this.replaceRecoveryCodes(user.id);
    await this.audit.record(user, { action: 'mfa.enabled', entity: 'user', entity_id: user.username });
    return recovery;
  }

  async disable(user: SessionUser, proof: MfaProof, cookies?: Record<string, unknown>): Promise<void> {
    const row = await this.enabledRow(user);
    await this.checkProof(user, row, proof, cookies);
    await this.transactions.write(async (m) => {
      await this.rows.remove(m, user.id);
      await this.audit.record(user, { action: 'mfa.disabled', entity: 'user', entity_id: user.username }, m);
    });
  }

  async regenerateRecoveryCodes(
    user: SessionUser,
    proof: MfaProof,
    cookies?: Record<string, unknown>,
  ): Promise<MfaRecoveryCodes> {
    const row = await this.enabledRow(user);
    await this.checkProof(user, row, proof, cookies);
    const recovery = await this.replaceRecoveryCodes(user.id);
    await this.audit.record(user, { action: 'mfa.recovery-codes-renewed', entity: 'user', entity_id: user.username });
    return recovery;
  }

  /** The second step of signing in: a TOTP code or a recovery code, throttled, never accepted twice. */
  async verifySignIn(user: SessionUser, code: string): Promise<void> {
    const row = await this.rows.find(user.id);
    if (!row?.enabled_at) throw new ForbiddenException(MFA_MESSAGES.notOn);
    await this.checkCode(user, row, code);
  }

  // ---- checks ----

  private async checkEnrolmentCode(user: SessionUser, given: string | undefined): Promise<void> {
    const refuse = (message: string) =>
      new UnprocessableEntityException({ message, errors: { enrolment_code: [message] } });
    if (!given?.trim()) throw refuse(MFA_MESSAGES.enrolmentCodePrompt);
    const key = `mfa-enrol:${(user.username ?? '').toLowerCase()}`;
    await this.throttle.countAttempt(key);
    const account = await this.users.findById(user.id);
    const expected = account ? normaliseRecoveryCode(this.enrolmentCode(account)) : '';
    const a = Buffer.from(sha256(normaliseRecoveryCode(given)));
    const b = Buffer.from(sha256(expected));
    if (!account || !timingSafeEqual(a, b)) {
      this.logger.warn({ msg: 'enrolment code refused', admin: user.username });
      throw refuse(MFA_MESSAGES.wrongEnrolmentCode);
    }
    await this.throttle.recordSuccess(key);
  }

  private async enabledRow(user: SessionUser): Promise<AdminMfa> {
    const row = await this.rows.find(user.id);
    if (!row?.enabled_at) throw new ConflictException(MFA_MESSAGES.notOn);
    return row;
  }

  private async checkProof(
    user: SessionUser,
    row: AdminMfa,
    proof: MfaProof,
    cookies: Record<string, unknown> | undefined,
  ): Promise<void> {
    if (proof.code?.trim()) return this.checkCode(user, row, proof.code);
    if (!proof.password) throw codeError(MFA_MESSAGES.codeOrPassword);
    // A guess at the password counts like a failed sign-in, on the key sign-in would use (her browser's device
    // cookie lets her through someone else's anonymous lock).
    await this.auth.confirmOwnPassword(user, proof.password, cookies);
  }

  /** A 6-digit TOTP, or a recovery code. */
  private async checkCode(user: SessionUser, row: AdminMfa, code: string): Promise<void> {
    if (isTotpCode(code)) return this.checkTotp(user, row, code);
    const key = this.throttleKey(user);
    await this.throttle.countAttempt(key);
    const normalised = normaliseRecoveryCode(code);
    const hash = sha256(normalised);
    const used = /^[a-z0-9]{10}$/.test(normalised) && (await this.rows.useCode(user.id, hash, nowIso()));
    if (!used) {
      this.logger.warn({ msg: 'recovery code refused', admin: user.username });
      throw codeError(MFA_MESSAGES.wrongRecoveryCode);
    }
    await this.throttle.recordSuccess(key);
    const left = await this.rows.unusedCodes(user.id);
    await this.audit.record(user, {
      action: 'mfa.recovery-code-used',
      entity: 'user',
      entity_id: user.username,
      new_value: `${left} left`,
    });
  }

  private async checkTotp(user: SessionUser, row: AdminMfa, code: string): Promise<void> {
    const key = this.throttleKey(user);
    await this.throttle.countAttempt(key);
    const token = code.replace(/\s+/g, '');
    const secret = this.decrypt(row.secret_enc);
    const result =
      /^\d{6}$/.test(token) && secret
        ? await verify({ secret, token, period: PERIOD_S, epochTolerance: TOLERANCE_S })
        : { valid: false as const };
    if (!result.valid || !('timeStep' in result)) {
      this.logger.warn({ msg: 'code refused', admin: user.username });
      throw codeError(MFA_MESSAGES.wrongCode);
    }
    const step = result.timeStep;
    // Only a step later than the last one used is taken, in one conditional UPDATE, so two requests
    // carrying the same code cannot both pass.
    if (!(await this.rows.takeStep(user.id, step, nowIso()))) {
      throw codeError(MFA_MESSAGES.codeUsed);
    }
    await this.throttle.recordSuccess(key);
  }

  private throttleKey(user: SessionUser): string {
    return `mfa:${(user.username ?? '').toLowerCase()}`;
  }

  private async replaceRecoveryCodes(userId: number): Promise<MfaRecoveryCodes> {
    const recovery_codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = recovery_codes.map((c) => sha256(normaliseRecoveryCode(c)));
    await this.transactions.write((m) => this.rows.replaceCodes(m, userId, hashes));
    return { recovery_codes };
  }

  // ---- the secret at rest ----

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Null when it cannot be read (SESSION_SECRET changed): she signs in with a recovery code and sets up again. */
  private decrypt(stored: string): string | null {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      this.logger.error({ msg: 'a two-step secret cannot be decrypted (was SESSION_SECRET changed?)' });
      return null;
    }
  }
}

/** For tests and tools: the code an authenticator app would show now for this secret. */
export function currentCode(secret: string, epochSeconds?: number): Promise<string> {
  return generate({ secret, period: PERIOD_S, ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }) });
}
