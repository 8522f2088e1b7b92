import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  IMPORT_REQUIRED_FOR_NEW,
  isGuardianImportColumn,
  type StudentImportColumn,
} from '../../../shared/admin-types.js';
import { guardianAddress, type ImportGuardianInvitation } from '../../../shared/guardians.js';
import { isBareAddress } from '../../../shared/email-address.js';
import { SEXES, STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import type { ImportRowError } from '../../../shared/spreadsheet-import.js';
import { FORMER_STUDENT_MESSAGES } from '../../../shared/former-students.js';
import { FIELD_BY_NAME, fieldProblem } from '../../../shared/student-fields.js';
import { AuditService } from '../../audit/audit.service.js';
import { INITIAL_PASSWORD_COST, PasswordHasher } from '../../users/password-hasher.js';
import type { SessionUser } from '../../common/session-user.js';
import type { UploadedSheet } from '../../common/spreadsheets/sheet-upload.js';
import type { ImportCheck, SpreadsheetImporter } from '../../common/spreadsheets/spreadsheet-import.js';
import { localDate, nowIso } from '../../common/time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactions } from '../../database/transactions.js';
import { type DateOfBirthCorrection, FirstPasswordFollower } from '../../users/first-password-follower.js';
import { UsersService } from '../../users/users.service.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { GuardianInvitationsService } from '../../guardians/guardian-invitations.service.js';
import { OutboxService } from '../../mail/outbox.service.js';
import { type StudentChanges, type StudentPick, StudentsRepository } from '../../students/students.repository.js';
import { firstPassword } from '../../../shared/first-password.js';
import { type ImportDateFormat, IMPORT_DATE_FORMATS, readImportDate } from '../../../shared/student-import.js';
import { readStudentSheet, type StudentSheet, type StudentSheetRow } from './student-sheet-reader.js';
import { chunks } from '../../common/chunks.js';

type Values = Partial<Record<StudentImportColumn, string | number>>;

interface ValidRow {
  row: number;
  id: string;
  /** false when a cell of the row was refused (the row is still checked as a whole) */
  ok: boolean;
  /** only the columns the row fills: an empty cell leaves the stored value as it is */
  values: Values;
  /** the addresses of its guardian columns, lower case */
  guardians: string[];
}

interface StudentCounts {
  created: number;
  updated: number;
  unchanged: number;
  classes_created: string[];
  guardian_invitations: ImportGuardianInvitation[];
  date_formats: { format: ImportDateFormat; count: number }[];
}

interface Plan extends ImportCheck<StudentCounts> {
  creates: ValidRow[];
  updates: { id: string; changes: Values; old: Values }[];
  newClasses: string[];
}

/** A class id starts with its form level: '1A' is Form 1 (docs/product.md §3). */
const CLASS_ID_PATTERN = /^[1-6][A-Z0-9-]{0,9}$/;

/**
 * Imports the school's student list. All or nothing: any row error writes nothing. New students get
 * an account whose password is the date of birth (yyyymmdd) with the reset flag set; existing
 * students get the columns the file fills updated and nothing else, so what a family typed into the
 * rest of the record is never overwritten. Unknown class ids of the form '1A'...'6Z' are added to the
 * class list (the dry run names them first); anything else in the class column is a row error. The guardian_email
 * and guardian2_email columns invite each address not yet linked to the row's student nor invited (the dry run lists
 * them; docs/product.md §11).
 */
@Injectable()
export class StudentImportService implements SpreadsheetImporter<StudentSheet, StudentCounts, Plan> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tx: Transactions,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly invitations: GuardianInvitationsService,
    private readonly outbox: OutboxService,
    private readonly firstPasswords: FirstPasswordFollower,
    private readonly lookups: LookupsService,
    private readonly accounts: UsersService,
  ) {}

  read(file: UploadedSheet): Promise<StudentSheet> {
    return readStudentSheet(file.buffer, file.originalname);
  }

  check(sheet: StudentSheet): Promise<Plan> {
    return this.plan(sheet, this.tx.manager);
  }

  async commit(sheet: StudentSheet, plan: Plan, file: UploadedSheet, actor: SessionUser): Promise<Plan> {
    // Hashed outside the transaction, once per distinct date of birth. A first password that is a date
    // of birth falls to an offline search of a few thousand dates at any bcrypt cost, so it gets
    // INITIAL_PASSWORD_COST: a whole school imports in seconds instead of a minute. The password she
    // chooses at her first sign-in (required by the reset flag) is hashed at BCRYPT_COST. Sign-in checks
    // every account at both costs (PasswordHasher), so the cheap hash does not show in answer times.
    // A corrected date of birth moves the first password of a student still on it (FirstPasswordFollower), at the
    // same cost.
    const hashes = new Map<string, string>();
    const dobs = [...new Set(plan.creates.map((c) => String(c.values.date_of_birth)))];
    for (const group of chunks(dobs, 4)) {
      await Promise.all(
        group.map(async (dob) => hashes.set(dob, await this.hasher.hash(firstPassword(dob), INITIAL_PASSWORD_COST))),
      );
    }
    await this.firstPasswords.prepare(correctedDates(plan), INITIAL_PASSWORD_COST, hashes);
    const final = await this.tx.write(async (m) => {
      // Planned again inside the transaction, so a student saved meanwhile is compared as she is now.
      const again = await this.plan(sheet, m);
      if (again.errors.length === 0) await this.apply(again, m, hashes, actor, file.originalname);
      return again;
    });
    if (final.errors.length === 0 && final.counts.guardian_invitations.length > 0) this.outbox.wake();
    return final;
  }

  private async plan(sheet: StudentSheet, m: EntityManager): Promise<Plan> {
    const errors: ImportRowError[] = [];
    const today = localDate(new Date(), this.config.timeZone);
    const houses = new Set(await this.lookups.houseIds(m));
    const knownClasses = new Set(await this.lookups.formClassIds(m));
    const newClasses = new Set<string>();
    const seen = new Map<string, number>();
    const valid: ValidRow[] = [];

    const dateFormats = new Map<ImportDateFormat, number>();
    for (const { row, cells, dateCells } of sheet.rows) {
      const fail = (field: string, message: string) => errors.push({ sheet: '', row, field, message });
      const id = cells.id ?? '';
      if (!id) {
        fail('id', 'The student ID is missing.');
        continue;
      }
      if (!STUDENT_ID_PATTERN.test(id)) {
        fail('id', 'A student ID has up to 20 letters, digits or dashes.');
        continue;
      }
      if (seen.has(id)) {
        fail('id', `Student ${id} is already on row ${seen.get(id)}.`);
        continue;
      }
      seen.set(id, row);
      const values: Values = {};
      const guardians: string[] = [];
      let ok = true;
      for (const col of sheet.columns) {
        if (col === 'id') continue;
        const raw = cells[col];
        if (raw === null || raw === undefined) continue;
        if (isGuardianImportColumn(col)) {
          const address = guardianAddress(raw);
          if (!isBareAddress(address)) {
            fail(col, "A guardian's e-mail address, e.g. parent@example.org.");
            ok = false;
          } else guardians.push(address);
          continue;
        }
        let text = raw;
        if (col === 'date_of_birth') {
          const date = this.readDate(raw, dateCells);
          if ('problem' in date) {
            fail(col, `Cell ${sheet.letters[col] ?? ''}${row}: ${date.problem}`);
            ok = false;
            continue;
          }
          dateFormats.set(date.format, (dateFormats.get(date.format) ?? 0) + 1);
          text = date.iso;
        }
        const value = this.normalize(col, text);
        const problem = this.problem(col, value, today, houses);
        if (problem) {
          fail(col, problem);
          ok = false;
          continue;
        }
        values[col] = value;
        if (col === 'class_id' && !knownClasses.has(String(value))) newClasses.add(String(value));
      }
      valid.push({ row, id, ok, values, guardians });
    }

    const existing = new Map<string, StudentPick<Exclude<StudentImportColumn, 'id'>>>();
    const columns = sheet.columns.filter(
      (c): c is Exclude<StudentImportColumn, 'id'> => c !== 'id' && !isGuardianImportColumn(c),
    );
    for (const s of await this.students.list(columns, { ids: valid.map((v) => v.id) }, m)) existing.set(s.id, s);
    // A former student's record is read-only for everyone (docs/product.md §12.3): her row is refused, so the import
    // neither changes her record (nor her first password) nor invites a guardian for her.
    const former = await this.students.formerAmong([...existing.keys()], m);
    const failedCells = new Set(errors.map((e) => `${e.row}|${e.field}`));
    const creates: ValidRow[] = [];
    const updates: Plan['updates'] = [];
    let unchanged = 0;
    for (const v of valid) {
      const current = existing.get(v.id);
      if (!current) {
        const missing = IMPORT_REQUIRED_FOR_NEW.filter(
          (c) => v.values[c] === undefined && !failedCells.has(`${v.row}|${c}`),
        );
        for (const c of missing)
          errors.push({
            sheet: '',
            row: v.row,
            field: c,
            message: `Student ${v.id} is new: her ${c.replaceAll('_', ' ')} is needed.`,
          });
        if (missing.length === 0 && v.ok) creates.push(v);
        continue;
      }
      if (former.has(current.id)) {
        errors.push({ sheet: '', row: v.row, field: 'id', message: FORMER_STUDENT_MESSAGES.importRow(v.id) });
        v.ok = false;
        continue;
      }
      if (!v.ok) continue;
      const changes: Values = {};
      const old: Values = {};
      for (const [col, value] of Object.entries(v.values) as [StudentImportColumn, string | number][]) {
        const before = current[col];
        if (before !== value) {
          changes[col] = value;
          old[col] = before ?? undefined;
        }
      }
      if (Object.keys(changes).length === 0) unchanged++;
      else updates.push({ id: v.id, changes, old });
    }
    // Classes only the refused rows named are not going to be created.
    const usedClasses = new Set(
      [...creates.map((c) => c.values.class_id), ...updates.map((u) => u.changes.class_id)].filter(Boolean).map(String),
    );
    const classes = [...newClasses].filter((c) => usedClasses.has(c)).sort();
    errors.sort((a, b) => a.row - b.row);
    const invitations = await this.invitations.toInvite(
      // Rows with a refused cell invite nobody (the file is refused anyway; the check does not promise them).
      valid.filter((v) => v.ok).flatMap((v) => v.guardians.map((email) => ({ student_id: v.id, email }))),
      m,
    );
    return {
      counts: {
        created: creates.length,
        updated: updates.length,
        unchanged,
        classes_created: classes,
        guardian_invitations: invitations,
        date_formats: IMPORT_DATE_FORMATS.filter((f) => dateFormats.has(f)).map((format) => ({
          format,
          count: dateFormats.get(format)!,
        })),
      },
      errors,
      creates,
      updates,
      newClasses: classes,
    };
  }

  /** A date of birth: a workbook's date cell as it is; typed text, day first or YYYY-MM-DD. */
  private readDate(raw: string, dateCells: StudentSheetRow['dateCells']) {
    return dateCells?.includes('date_of_birth')
      ? { iso: raw, format: 'spreadsheet date' as const }
      : readImportDate(raw);
  }

  private normalize(col: StudentImportColumn, raw: string): string | number {
    switch (col) {
      case 'class_id':
        return raw.toUpperCase().replace(/\s+/g, '');
      case 'sex': {
        const lower = raw.toLowerCase();
        return lower === 'f' || lower === 'female' ? 'Female' : lower === 'm' || lower === 'male' ? 'Male' : raw;
      }
      case 'house_code':
        return /^\d+$/.test(raw) ? Number(raw) : raw;
      default:
        return raw;
    }
  }

  private problem(col: StudentImportColumn, value: string | number, today: string, houses: Set<number>): string | null {
    switch (col) {
      case 'class_id':
        return CLASS_ID_PATTERN.test(String(value))
          ? null
          : 'A class id starts with its form level (1 to 6), e.g. 1A, and has at most 10 characters.';
      case 'sex':
        return (SEXES as readonly string[]).includes(String(value)) ? null : `Sex is ${SEXES.join(' or ')}.`;
      case 'house_code':
        return typeof value === 'number' && houses.has(value)
          ? null
          : `Unknown house code. Houses are: ${[...houses].sort((a, b) => a - b).join(', ')}.`;
      default: {
        return fieldProblem(FIELD_BY_NAME.get(col)!, String(value), today);
      }
    }
  }

  private async apply(
    plan: Plan,
    m: EntityManager,
    hashes: Map<string, string>,
    actor: SessionUser,
    fileName: string,
  ): Promise<void> {
    const now = nowIso();
    await this.lookups.addFormClasses(plan.newClasses, m);
    for (const group of chunks(plan.creates, 50)) {
      await this.students.insert(
        group.map((c) => ({ id: c.id, ...(c.values as StudentChanges), created_at: now, updated_at: now })),
        m,
      );
    }
    const withAccount = new Set<string>();
    for (const ids of chunks(
      plan.creates.map((c) => c.id),
      500,
    )) {
      for (const id of await this.accounts.studentIdsWithAccount(ids, m)) withAccount.add(id);
    }
    const accounts = plan.creates
      .filter((c) => !withAccount.has(c.id))
      .map((c) => ({
        role: 'student' as const,
        student_id: c.id,
        username: null,
        display_name: `${c.values.first_name} ${c.values.last_name}`,
        password_hash: hashes.get(String(c.values.date_of_birth))!,
        password_reset: 1,
        created_at: now,
        updated_at: now,
      }));
    for (const group of chunks(accounts, 100)) await this.accounts.insertMany(group, m);
    for (const u of plan.updates)
      await this.students.update(u.id, { ...(u.changes as StudentChanges), updated_at: now }, m);
    await this.firstPasswords.follow(actor, correctedDates(plan), hashes, m);

    await this.audit.record(
      actor,
      [
        {
          action: 'students.imported',
          entity: 'import',
          entity_id: null,
          field: 'file',
          new_value: {
            file: fileName,
            created: plan.creates.length,
            updated: plan.updates.length,
            classes_created: plan.newClasses,
          },
        },
        ...plan.creates.map((c) => ({
          action: 'student.imported',
          entity: 'student',
          entity_id: c.id,
          new_value: c.values,
        })),
        ...plan.updates.flatMap((u) =>
          Object.entries(u.changes).map(([field, value]) => ({
            action: 'student.updated',
            entity: 'student',
            entity_id: u.id,
            field,
            old_value: u.old[field as StudentImportColumn] ?? null,
            new_value: value,
          })),
        ),
      ],
      m,
    );
    await this.invitations.queueInvitations(plan.counts.guardian_invitations, actor, m);
  }
}

/** The students whose date of birth the import corrects. */
function correctedDates(plan: Plan): DateOfBirthCorrection[] {
  return plan.updates
    .filter((u) => typeof u.changes.date_of_birth === 'string' && u.changes.date_of_birth !== '')
    .map((u) => ({ studentId: u.id, dateOfBirth: String(u.changes.date_of_birth) }));
}
