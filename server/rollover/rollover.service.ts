import { ConflictException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type LatestRollover,
  ROLLOVER_MESSAGES,
  type RolloverRequest,
  type RolloverPreviewRequest,
  type RolloverUndoResult,
} from '../../shared/rollover.js';
import {
  type RolloverPreview,
  type RolloverResult,
  SCHOOL_YEAR_MESSAGES,
  type StudentStanding,
} from '../../shared/school-year.js';
import { type AuditEvent, AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from '../auth/sessions/db-session-store.js';
import { chunks } from '../common/chunks.js';
import type { SessionUser } from '../common/session-user.js';
import { localDate, nowIso } from '../common/time.js';
import { actorLabel } from '../../shared/api-types.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Clock } from '../config/clock.js';
import { Transactions } from '../database/transactions.js';
import { LookupsService } from '../lookups/lookups.service.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { ClassRulesRepository, type ClassRuleRow } from '../school-year/class-rules.repository.js';
import type { Rollover } from '../school-year/entities/school-year.entities.js';
import { RolloversRepository, type StudentBefore } from '../school-year/rollovers.repository.js';
import { SchoolYearService } from '../school-year/school-year.service.js';
import { StudentClassesRepository } from '../school-year/student-classes.repository.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { type RolloverStudentRow, type StandingChanges, StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';
import { type PlannedStudent, planRollover, type RolloverPlan } from './rollover-plan.js';

/** Audit entries per statement (9 values each), and student ids per IN list. */
const CHUNK = 500;

const AUDIT_ACTIONS = {
  promote: 'student.promoted',
  repeat: 'student.repeated',
  graduate: 'student.graduated',
  leave: 'student.left',
} as const;

/** The actions of the rollover's own entries (closing registration too): not saves in the new year for its undo. */
const OWN_ACTIONS = [
  ...Object.values(AUDIT_ACTIONS),
  'school-year.rolled-over',
  'registration-status.changed',
  'student.terms-expired',
];

/**
 * The rollover to the next school year (docs/product.md §12.2): its preview, the move itself in one audited
 * transaction, and the undo of the latest one until something is saved in the new year. What happens to each student
 * is decided by planRollover; this service reads what it needs, writes what the plan says, and keeps what it changed.
 */
@Injectable()
export class RolloverService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly tx: Transactions,
    private readonly year: SchoolYearService,
    private readonly rules: ClassRulesRepository,
    private readonly history: StudentClassesRepository,
    private readonly rollovers: RolloversRepository,
    private readonly students: StudentsRepository,
    private readonly lookups: LookupsService,
    private readonly registration: RegistrationWindow,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly sessions: DbSessionStore,
    private readonly rounds: RegistrationRoundService,
  ) {}

  /** What the rollover would do, changing nothing. */
  async preview(request: RolloverPreviewRequest): Promise<RolloverPreview> {
    const m = this.tx.manager;
    const fromYear = await this.year.current(m);
    assertNextYear(fromYear, request.to_year);
    const rows = (await this.students.list(['first_name', 'last_name', 'class_id', 'status'], {}, m)).filter(
      (s) => s.status === 'current',
    );
    const plan = await this.plan(rows, request, m);
    return {
      from_year: fromYear,
      to_year: request.to_year,
      rules: plan.rules,
      students: plan.students.map(({ reason: _reason, ...student }) => student),
    };
  }

  /** The school moves on to `to_year`: every current student's outcome, the new year, registration closed. */
  async rollover(actor: SessionUser, request: RolloverRequest): Promise<RolloverResult> {
    return this.tx.write(async (m) => {
      // The current students' rows first, locked until the end on MariaDB: a save of one of them waits for the
      // rollover, and the first plain read that follows sees every save committed before (REPEATABLE READ), the year
      // included. A school with no current student locks nothing here (the year is then read as last committed).
      const current = await this.students.currentForRollover(m);
      // When it began, on the audit trail's clock: the undo counts saves written from then on (savedSinceRollover).
      const rolledAt = nowIso();
      const fromYear = await this.year.current(m);
      assertNextYear(fromYear, request.to_year);
      // Only a rollover writes the register of classes and its undo removes its rows, so the year is not there yet;
      // a row that is (written by hand) is not replaced: the undo could not put it back.
      const held = await this.history.holding(
        fromYear,
        current.map((s) => s.id),
        m,
      );
      if (held.length > 0) throw new ConflictException(ROLLOVER_MESSAGES.historyExists(fromYear, held));
      const rulesBefore = await this.rules.all(m);
      const plan = await this.plan(current, request, m, rulesBefore);

      // The classes it created are those the table gains: INSERT IGNORE skips one that exists already, on MariaDB
      // also in another case ('2a' for '2A'), which the undo must not remove.
      const classesBefore = new Set(await this.lookups.formClassIds(m));
      await this.lookups.addFormClasses(plan.classesToCreate, m);
      const created = (await this.lookups.formClassIds(m)).filter((c) => !classesBefore.has(c));
      // The year's registration is kept as it stood (her class of that year included) before the outcomes change it.
      await this.rounds.closeYear(
        actor,
        fromYear,
        {
          all: current.map((s) => s.id),
          returning: plan.students.filter((s) => s.action === 'promote' || s.action === 'repeat').map((s) => s.id),
        },
        m,
      );
      await this.writeOutcomes(plan.students, m);
      await this.history.add(
        fromYear,
        current.map((s) => ({ student_id: s.id, class_id: s.class_id })),
        m,
      );
      for (const { class_id, rule } of plan.rulesToStore) await this.rules.set(class_id, rule, m);
      await this.year.set(request.to_year, m);

      const byId = new Map(current.map((s) => [s.id, s]));
      await this.recordAll(
        actor,
        [
          ...plan.students.map((s) => outcomeEvent(s, byId.get(s.id)!)),
          {
            action: 'school-year.rolled-over',
            entity: 'school_year',
            field: 'year',
            old_value: fromYear,
            new_value: request.to_year,
          },
        ],
        m,
      );
      const registrationBefore = await this.registration.settingIn(m);
      if (registrationBefore.open !== 0)
        await this.registration.set(actor, { open: 0, deadline: registrationBefore.deadline }, m);
      // A former student's account is closed: whoever is signed in as her is signed out, if and only if the rollover
      // commits (docs/product.md §12.3).
      await this.endSessions(
        plan.students.filter((s) => s.action === 'graduate' || s.action === 'leave').map((s) => s.id),
        m,
      );

      await this.rollovers.create(
        {
          from_year: fromYear,
          to_year: request.to_year,
          rolled_at: rolledAt,
          actor: actorLabel(actor),
          // Read last, once all its own entries are written.
          last_audit_id: await this.audit.lastId(m),
          registration_open_before: registrationBefore.open,
          registration_deadline_before: registrationBefore.deadline,
          rules_before: JSON.stringify(rulesBefore),
          classes_created: JSON.stringify(created),
        },
        current.map(standingOf),
        m,
      );
      return { to_year: request.to_year, ...plan.counts };
    });
  }

  /**
   * The latest rollover not undone, or null: its outcome (counted from its own audit entries, one per student) and
   * whether the undo would be allowed now (the undo's own check, undoBlocked).
   */
  async latest(): Promise<LatestRollover | null> {
    const m = this.tx.manager;
    const rollover = await this.rollovers.latestNotUndone(m, { lock: false });
    if (!rollover) return null;
    const counts = await this.audit.countActions(
      { actions: Object.values(AUDIT_ACTIONS), since: rollover.rolled_at, upToId: rollover.last_audit_id },
      m,
    );
    return {
      from_year: rollover.from_year,
      to_year: rollover.to_year,
      rolled_at: rollover.rolled_at,
      actor: rollover.actor,
      promoted: counts[AUDIT_ACTIONS.promote] ?? 0,
      repeated: counts[AUDIT_ACTIONS.repeat] ?? 0,
      graduated: counts[AUDIT_ACTIONS.graduate] ?? 0,
      left: counts[AUDIT_ACTIONS.leave] ?? 0,
      undoable: !(await this.undoBlocked(rollover, m)),
    };
  }

  /**
   * Puts back what the latest rollover changed (its students' standing, the classes it created that no student is in,
   * its rows of the register of classes, the rules, the year, registration), unless something was saved in the new
   * year since. The sessions it ended stay ended: those students sign in again.
   */
  async undo(actor: SessionUser): Promise<RolloverUndoResult> {
    const { result, keptPdfs } = await this.tx.write(async (m) => {
      // Locks first, then the check (on MariaDB the first plain read fixes what the transaction sees): the rollover's
      // row (two undos at once undo it once), then its students' rows (a save of one of them waits for the undo).
      const rollover = await this.rollovers.latestNotUndone(m);
      if (!rollover) throw new ConflictException(SCHOOL_YEAR_MESSAGES.nothingToUndo);
      const before = await this.rollovers.studentsBefore(rollover.id, m);
      const now = new Map(
        (
          await this.students.standingsForUpdate(
            before.map((s) => s.student_id),
            m,
          )
        ).map((s) => [s.id, s]),
      );
      if (await this.undoBlocked(rollover, m)) throw new ConflictException(SCHOOL_YEAR_MESSAGES.undoAfterSave);

      const restored = before.filter((s) => now.has(s.student_id));
      await this.restoreStandings(restored, m);
      const keptPdfs = await this.rounds.reopenYear(
        actor,
        { closed: rollover.from_year, next: rollover.to_year },
        before.map((s) => s.student_id),
        m,
      );
      await this.history.remove(
        rollover.from_year,
        before.map((s) => s.student_id),
        m,
      );
      const created = JSON.parse(rollover.classes_created ?? '[]') as string[];
      const inUse = await this.students.classesInUse(created, m);
      await this.lookups.removeFormClasses(
        created.filter((c) => !inUse.has(c)),
        m,
      );
      await this.rules.replaceAll(JSON.parse(rollover.rules_before ?? '[]') as ClassRuleRow[], m);
      // Stored even when it came from the date before the first rollover: the date's year may have moved on.
      await this.year.set(rollover.from_year, m);
      await this.recordAll(
        actor,
        [
          ...restored.map((s) => undoEvent(s, now.get(s.student_id)!)),
          {
            action: 'school-year.rollover-undone',
            entity: 'school_year',
            field: 'year',
            old_value: rollover.to_year,
            new_value: rollover.from_year,
          },
        ],
        m,
      );
      await this.registration.set(
        actor,
        { open: rollover.registration_open_before, deadline: rollover.registration_deadline_before },
        m,
      );
      await this.rollovers.markUndone(rollover.id, this.clock.now().toISOString(), m);
      return { result: { year: rollover.from_year }, keptPdfs };
    });
    await this.rounds.removePdfs(keptPdfs);
    return result;
  }

  /** Whether the undo is refused: something has been saved in the new school year since the rollover. */
  private undoBlocked(rollover: Pick<Rollover, 'last_audit_id' | 'rolled_at'>, m: EntityManager): Promise<boolean> {
    return this.audit.savedSinceRollover(
      { afterId: rollover.last_audit_id, since: rollover.rolled_at, own: OWN_ACTIONS },
      m,
    );
  }

  private async plan(
    students: readonly Pick<RolloverStudentRow, 'id' | 'first_name' | 'last_name' | 'class_id'>[],
    request: RolloverRequest,
    m: EntityManager,
    storedRules?: ClassRuleRow[],
  ): Promise<RolloverPlan> {
    const plan = planRollover({
      students,
      classes: await this.lookups.formClassIds(m),
      storedRules: storedRules ?? (await this.rules.all(m)),
      rules: request.rules,
      changes: request.changes,
    });
    const problems = Object.values(plan.errors);
    if (problems.length > 0) throw new UnprocessableEntityException({ message: problems[0][0], errors: plan.errors });
    return plan;
  }

  /** Each outcome's columns, students with the same ones in one statement (a class moving up is one update). */
  private async writeOutcomes(students: readonly PlannedStudent[], m: EntityManager): Promise<void> {
    const today = localDate(this.clock.now(), this.config.timeZone);
    const groups = new Map<string, { changes: StandingChanges; ids: string[] }>();
    for (const s of students) {
      const changes: StandingChanges | null =
        s.action === 'promote'
          ? { class_id: s.to_class_id }
          : s.action === 'repeat'
            ? null
            : {
                status: s.action === 'graduate' ? 'graduated' : 'left',
                left_on: today,
                leaving_reason: s.reason,
              };
      if (changes) group(groups, changes, s.id);
    }
    for (const { changes, ids } of groups.values()) await this.students.setStanding(ids, changes, m);
  }

  private async restoreStandings(before: readonly StudentBefore[], m: EntityManager): Promise<void> {
    const groups = new Map<string, { changes: StandingChanges; ids: string[] }>();
    for (const s of before)
      group(
        groups,
        { class_id: s.class_id, status: s.status, left_on: s.left_on, leaving_reason: s.leaving_reason },
        s.student_id,
      );
    for (const { changes, ids } of groups.values()) await this.students.setStanding(ids, changes, m);
  }

  /** A whole school's entries, in parts: one statement carries at most CHUNK rows (placeholder limits). */
  private async recordAll(actor: SessionUser, events: readonly AuditEvent[], m: EntityManager): Promise<void> {
    for (const part of chunks(events, CHUNK)) await this.audit.record(actor, part, m);
  }

  private async endSessions(studentIds: readonly string[], m: EntityManager): Promise<void> {
    for (const part of chunks(studentIds, CHUNK))
      await this.sessions.endAllOf(
        (await this.users.studentAccounts(part, m)).map((a) => a.id),
        'left-school',
        m,
      );
  }
}

function assertNextYear(current: number, toYear: number): void {
  if (toYear !== current + 1) throw new ConflictException(SCHOOL_YEAR_MESSAGES.rolloverWrongYear(current));
}

function group(groups: Map<string, { changes: StandingChanges; ids: string[] }>, changes: StandingChanges, id: string) {
  const key = JSON.stringify(changes);
  const found = groups.get(key);
  if (found) found.ids.push(id);
  else groups.set(key, { changes, ids: [id] });
}

function standingOf(s: RolloverStudentRow): StudentBefore {
  return {
    student_id: s.id,
    class_id: s.class_id,
    status: s.status,
    left_on: s.left_on,
    leaving_reason: s.leaving_reason,
  };
}

/** Her entry in her history: the class she moves to (or keeps), or the standing she leaves with. */
function outcomeEvent(s: PlannedStudent, was: RolloverStudentRow): AuditEvent {
  const base = { action: AUDIT_ACTIONS[s.action], entity: 'student', entity_id: s.id };
  if (s.action === 'promote' || s.action === 'repeat')
    return { ...base, field: 'class_id', old_value: was.class_id, new_value: s.to_class_id };
  return { ...base, field: 'status', old_value: was.status, new_value: s.action === 'graduate' ? 'graduated' : 'left' };
}

/** Her entry for the undo: the class or standing she is given back. */
function undoEvent(before: StudentBefore, now: StudentStanding & { class_id: string | null }): AuditEvent {
  const base = { action: 'student.rollover-undone', entity: 'student', entity_id: before.student_id };
  if (now.status !== before.status)
    return { ...base, field: 'status', old_value: now.status, new_value: before.status };
  return { ...base, field: 'class_id', old_value: now.class_id, new_value: before.class_id };
}
