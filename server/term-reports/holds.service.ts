import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { actorLabel } from '../../shared/api-types.js';
import { HOLD_REASON_MAX, TERM_REPORT_MESSAGES, type TermReportHold } from '../../shared/term-reports.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../config/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { formatLocalDateTime } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { StudentsRepository } from '../students/students.repository.js';
import { HoldsRepository } from './holds.repository.js';
import { TermReportsRepository } from './term-reports.repository.js';

/** A student's card held back for a term, with the reason (docs/product.md §4 Term report posting). */
@Injectable()
export class HoldsService {
  constructor(
    private readonly tx: Transactions,
    private readonly rows: HoldsRepository,
    private readonly reports: TermReportsRepository,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Her personal data is deleted (docs/product.md §12.4): a hold's reason is the office's words about her, so her
   * holds go with it (she can no longer sign in to see a card). In the caller's transaction; answers the table.
   */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<string[]> {
    await this.rows.deleteAllOf(studentIds, m);
    return ['term_report_holds'];
  }

  async list(): Promise<TermReportHold[]> {
    const rows = await this.rows.all();
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.student_id))];
    const [names, reports] = await Promise.all([
      this.students.list(['first_name', 'last_name'], { ids }),
      this.reports.classesOf(ids),
    ]);
    const nameOf = new Map(names.map((s) => [s.id, `${s.last_name ?? ''}, ${s.first_name ?? ''}`]));
    const classOf = new Map(reports.map((r) => [`${r.student_id}|${r.year}|${r.term}`, r.class_id]));
    return rows.map((r) => ({
      student_id: r.student_id,
      year: r.year,
      term: r.term,
      name: nameOf.get(r.student_id) ?? r.student_id,
      class_id: classOf.get(`${r.student_id}|${r.year}|${r.term}`) ?? '',
      reason: r.reason,
      held_by: r.held_by,
      held_at: formatLocalDateTime(new Date(r.held_at), this.config.timeZone).slice(0, 16),
    }));
  }

  /** 'student|year|term' of every hold on these students. */
  async heldKeys(studentIds: string[], m?: EntityManager): Promise<Set<string>> {
    const out = new Set<string>();
    for (const h of await this.rows.ofStudents(studentIds, m)) out.add(`${h.student_id}|${h.year}|${h.term}`);
    return out;
  }

  async hold(
    req: { student_id: string; year: number; term: number; reason?: string },
    actor: SessionUser,
  ): Promise<TermReportHold> {
    const { student_id, year, term } = req;
    const reason = (req.reason ?? '').trim();
    if (!reason || reason.length > HOLD_REASON_MAX)
      throw new UnprocessableEntityException({
        message: TERM_REPORT_MESSAGES.holdReason,
        errors: { reason: [TERM_REPORT_MESSAGES.holdReason] },
      });
    // Her ID as her report spells it (MariaDB compares without case; the visibility rules do not).
    const id = await this.reports.studentAsSpelt(student_id, year, term);
    if (id === null) throw new NotFoundException(TERM_REPORT_MESSAGES.noStudentReport);
    const row = {
      student_id: id,
      year,
      term,
      reason,
      held_by: actorLabel(actor),
      held_at: this.clock.now().toISOString(),
    };
    await this.tx.write(async (m) => {
      await this.rows.save(row, m);
      await this.audit.record(
        actor,
        {
          action: 'term_report.held',
          entity: 'student',
          entity_id: id,
          field: `report ${year} term ${term}`,
          new_value: reason,
        },
        m,
      );
    });
    return (await this.list()).find((h) => h.student_id === id && h.year === year && h.term === term)!;
  }

  /** Lifts a hold; answers whether there was one. */
  async lift(req: { student_id: string; year: number; term: number }, actor: SessionUser): Promise<boolean> {
    const { student_id, year, term } = req;
    return this.tx.write(async (m) => {
      if (!(await this.rows.delete({ student_id, year, term }, m))) return false;
      await this.audit.record(
        actor,
        {
          action: 'term_report.hold-lifted',
          entity: 'student',
          entity_id: student_id,
          field: `report ${year} term ${term}`,
        },
        m,
      );
      return true;
    });
  }
}
