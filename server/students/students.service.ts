import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { isFormerStatus } from '../../shared/school-year.js';
import {
  adminEditProblem,
  FIELD_BY_NAME,
  FIELD_MESSAGES,
  fieldProblem,
  isAdminEditField,
  type StudentFieldName,
  type StudentRecord,
  type StudentSaveConflict,
  type StudentSaveResponse,
} from '../../shared/student-fields.js';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../common/session-user.js';
import { localDate, nowIso } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { LookupsService } from '../lookups/lookups.service.js';
import { type DateOfBirthCorrection, FirstPasswordFollower } from '../users/first-password-follower.js';
import type { SaveStudentBody } from './dto/save-student.dto.js';
import { AddressWriters, SECTION_FIELDS } from './address-writers.js';
import { RecordChangeHooks } from './record-change-hooks.js';
import { RegistrationWindow } from './registration-window.js';
import { TermsAgreement } from './terms-agreement.js';
import { type StudentChanges, StudentsRepository } from './students.repository.js';

type FieldValue = string | number | null;

function invalid(errors: Record<string, string[]>): UnprocessableEntityException {
  return new UnprocessableEntityException({ message: Object.values(errors)[0][0], errors });
}

/** Text the user cleared is stored as NULL, so "never filled" and "emptied" read the same. */
function stored(value: FieldValue): FieldValue {
  return value === '' ? null : value;
}

/** A client's expected value as it would be stored: trimmed text, '' as NULL. */
function asStored(value: unknown): FieldValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return stored(value.trim());
  return typeof value === 'number' ? value : String(value);
}

/**
 * The fields whose stored value is no longer what the client read (another device saved them since),
 * unless the client is saving the very value stored now: then both devices agree and nothing is lost.
 */
function staleFields(
  expected: Record<string, unknown>,
  current: Record<string, FieldValue>,
  changes: Record<string, FieldValue>,
): string[] {
  return Object.keys(expected).filter((n) => current[n] !== asStored(expected[n]) && current[n] !== changes[n]);
}

function conflict(fields: string[], current: Record<string, FieldValue>): ConflictException {
  const body: StudentSaveConflict = {
    statusCode: 409,
    message: MESSAGES.saveConflict,
    errors: Object.fromEntries(fields.map((f) => [f, [MESSAGES.saveConflict]])),
    current: Object.fromEntries(fields.map((f) => [f, current[f]])),
  };
  return new ConflictException(body);
}

@Injectable()
export class StudentsService {
  constructor(
    private readonly tx: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly students: StudentsRepository,
    private readonly window: RegistrationWindow,
    private readonly lookups: LookupsService,
    private readonly audit: AuditService,
    private readonly termsAgreement: TermsAgreement,
    private readonly addressWriters: AddressWriters,
    private readonly firstPasswords: FirstPasswordFollower,
    private readonly hooks: RecordChangeHooks,
  ) {}

  /** Read on every step of the form (StudentsRepository.recordOf: one prepared statement). */
  async getRecord(id: string): Promise<StudentRecord> {
    const record = await this.students.recordOf(id);
    if (!record) throw new NotFoundException(MESSAGES.notFound);
    return record;
  }

  /**
   * A partial save (POST /api/student): changes only the columns sent, in one UPDATE, with one audit
   * row per value that actually changed, in one transaction. Two devices saving different fields
   * therefore never overwrite each other. The body has passed the shared field rules already.
   */
  async save(user: SessionUser, body: SaveStudentBody): Promise<StudentSaveResponse> {
    await this.window.assertMayEdit(user, body.id);
    const { id, expected: sentExpected, terms_version_read: termsVersionRead, ...rest } = body;
    const expected = sentExpected ?? {};
    const changes: Record<string, FieldValue> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (value !== undefined && FIELD_BY_NAME.has(name)) changes[name] = stored(value as FieldValue);
    }
    const unknownExpected = Object.keys(expected).filter((n) => !Object.hasOwn(changes, n));
    if (unknownExpected.length > 0) throw invalid({ expected: [MESSAGES.expectedUnknown] });
    await this.checkAgainstSchoolRules(user, changes);

    const names = Object.keys(changes) as StudentFieldName[];
    // Only the office corrects a date of birth so that her first password follows it (a family's save never moves
    // it, nor is told whether she chose one). bcrypt's work is done before the transaction, which must stay short.
    const correction = await this.officeCorrection(user, id, changes.date_of_birth);
    const firstPasswordHashes = correction
      ? await this.firstPasswords.prepare([correction])
      : new Map<string, string>();
    return this.tx.write(async (m) => {
      // The section fields too: whether a save shows a family section decides who wrote its address (AddressWriters).
      const current: Record<string, FieldValue> | null = await this.students.pickForUpdate(
        id,
        [...new Set(['updated_at', 'status', ...SECTION_FIELDS, ...names] as const)],
        m,
      );
      if (!current) throw new NotFoundException(MESSAGES.notFound);
      // Read with the row locked: a rollover that made her former since the first check wins (docs/product.md §12.3).
      if (isFormerStatus(current.status)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
      const stale = staleFields(expected, current, changes);
      if (stale.length > 0) throw conflict(stale, current);

      const changed = names.filter((n) => current[n] !== changes[n]);
      let updatedAt = current.updated_at as string;
      if (changed.length > 0) {
        updatedAt = nowIso();
        // The values passed the catalogue's rules for their fields (SaveStudentDto, checkAgainstSchoolRules).
        const values = Object.fromEntries(changed.map((n) => [n, changes[n]])) as StudentChanges;
        await this.students.update(id, { ...values, updated_at: updatedAt }, m);
        await this.audit.record(
          user,
          changed.map((field) => ({
            action: 'student.updated',
            entity: 'student',
            entity_id: id,
            field,
            old_value: current[field],
            new_value: changes[field],
          })),
          m,
        );
        await this.hooks.changed(user, { kind: 'fields', studentId: id, fields: changed }, m);
      }
      const passwordAfter =
        correction && changed.includes('date_of_birth')
          ? (await this.firstPasswords.follow(user, [correction], firstPasswordHashes, m)).get(id)
          : undefined;
      // Who wrote each address sent decides whether a reset link may go there (docs/product.md §10).
      await this.addressWriters.recordSave(
        user,
        String(current.id),
        { sent: names, changed, before: current, changes },
        m,
      );
      // Agreeing to the terms stamps the version and time beside the tick (TermsAgreement.stamp).
      const termsStamp = await this.termsAgreement.stamp(m, user, id, changes.agree_terms_conditions, termsVersionRead);
      return {
        id,
        ...changes,
        updatedAt,
        ...termsStamp,
        ...(passwordAfter ? { first_password: passwordAfter } : {}),
      } as StudentSaveResponse;
    });
  }

  /** The date of birth an administrator's save corrects, else null (a family's save, or the date unchanged). */
  private async officeCorrection(
    user: SessionUser,
    id: string,
    dateOfBirth: FieldValue | undefined,
  ): Promise<DateOfBirthCorrection | null> {
    if (user.role !== 'admin' || typeof dateOfBirth !== 'string' || !dateOfBirth) return null;
    if ((await this.students.pick(id, ['date_of_birth']))?.date_of_birth === dateOfBirth) return null;
    return { studentId: id, dateOfBirth };
  }

  /** The rules that need the caller, today's date or the lookup lists; 422 like the field rules. */
  private async checkAgainstSchoolRules(user: SessionUser, changes: Record<string, FieldValue>): Promise<void> {
    const errors: Record<string, string[]> = {};
    const today = localDate(new Date(), this.config.timeZone);
    for (const [name, value] of Object.entries(changes)) {
      const spec = FIELD_BY_NAME.get(name)!;
      if (spec.schoolSet && user.role !== 'admin') {
        errors[name] = [FIELD_MESSAGES.schoolSet];
        continue;
      }
      // An administrator's save must also keep what the Edit Student dialog requires (the pin).
      const problem =
        fieldProblem(spec, value, today) ??
        (user.role === 'admin' && isAdminEditField(name) ? adminEditProblem(name, value) : null);
      if (problem) errors[name] = [problem];
      else if (spec.lookup && value !== null && !(await this.lookups.contains(spec.lookup, value)))
        errors[name] = [FIELD_MESSAGES.code];
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }
}
