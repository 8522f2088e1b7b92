import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { actorLabel } from '../../shared/api-types.js';
import { HOLD_REASON_MAX, TERM_REPORT_MESSAGES, type TermReportHold } from '../../shared/term-reports.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../config/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { formatLocalDateTime } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { writeTransaction } from '../database/write-transaction.js';
import { StudentsRepository } from '../students/students.repository.js';
import { TermReport, TermReportHoldRow } from './entities/term-report.entity.js';

/** A student's card held back for a term, with the reason (docs/product.md §4 Term report posting). */
@Injectable()
export class HoldsService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<TermReportHold[]> {
    const rows = await this.ds.getRepository(TermReportHoldRow).find({ order: { held_at: 'ASC' } });
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.student_id))];
    const [names, reports] = await Promise.all([
      this.students.list(['first_name', 'last_name'], { ids }),
      this.ds
        .getRepository(TermReport)
        .find({ select: { student_id: true, year: true, term: true, class_id: true }, where: { student_id: In(ids) } }),
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
    const repo = (m ?? this.ds.manager).getRepository(TermReportHoldRow);
    for (let n = 0; n < studentIds.length; n += 500)
      for (const h of await repo.findBy({ student_id: In(studentIds.slice(n, n + 500)) }))
        out.add(`${h.student_id}|${h.year}|${h.term}`);
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
    const report = await this.ds
      .getRepository(TermReport)
      .findOne({ select: { student_id: true }, where: { student_id, year, term } });
    if (!report) throw new NotFoundException(TERM_REPORT_MESSAGES.noStudentReport);
    const id = report.student_id;
    const row = {
      student_id: id,
      year,
      term,
      reason,
      held_by: actorLabel(actor),
      held_at: this.clock.now().toISOString(),
    };
    await writeTransaction(this.ds, async (m) => {
      await m.getRepository(TermReportHoldRow).upsert(row, ['student_id', 'year', 'term']);
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
    return writeTransaction(this.ds, async (m) => {
      const removed = await m.getRepository(TermReportHoldRow).delete({ student_id, year, term });
      if (!removed.affected) return false;
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
