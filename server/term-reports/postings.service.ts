import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  TERM_REPORT_MESSAGES,
  type TermReportPosting as PostingItem,
  type TermReportsPostedItem,
} from '../../shared/term-reports.js';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { formatLocalDateTime, nowIso } from '../common/time.js';
import type { SessionUser } from '../common/session-user.js';
import { TermReport, TermReportPosting } from './entities/term-report.entity.js';
import { writeTransaction } from '../database/write-transaction.js';
import { FamilyMail } from '../mail/family-mail.js';
import { OutboxService } from '../mail/outbox.service.js';

/**
 * Posting and un-posting a year's term (docs/product.md §4 Term report posting): students may read posted terms only.
 */
@Injectable()
export class PostingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly familyMail: FamilyMail,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every year and term that has report data, newest first, with its posting state. */
  async list(): Promise<TermReportsPostedItem[]> {
    const terms = await this.ds
      .getRepository(TermReport)
      .createQueryBuilder('r')
      .select(['r.year AS year', 'r.term AS term', 'r.class_id AS class_id'])
      .groupBy('r.year')
      .addGroupBy('r.term')
      .addGroupBy('r.class_id')
      .getRawMany<{ year: number | string; term: number | string; class_id: string }>();
    const postings = await this.ds.getRepository(TermReportPosting).find();
    const byKey = new Map(postings.map((p) => [`${p.year}|${p.term}`, p]));
    const items = new Map<string, TermReportsPostedItem>();
    for (const t of terms) {
      const year = Number(t.year);
      const term = Number(t.term);
      const key = `${year}|${term}`;
      let item = items.get(key);
      if (!item) {
        const p = byKey.get(key);
        item = {
          year,
          term,
          posted: p?.posted ? 1 : 0,
          date_posted: p?.posted ? (p.date_posted ?? '') : '',
          classes: [],
        };
        items.set(key, item);
      }
      item.classes.push(t.class_id);
    }
    for (const item of items.values()) item.classes.sort();
    return [...items.values()].sort((a, b) => b.year - a.year || b.term - a.term);
  }

  async isPosted(year: number, term: number): Promise<boolean> {
    const p = await this.ds.getRepository(TermReportPosting).findOneBy({ year, term });
    return p?.posted === 1;
  }

  /** posted 1: posts now (stamped in the school's time zone); posted 0: removes the posting. */
  async setPosted(year: number, term: number, posted: 0 | 1, actor: SessionUser): Promise<PostingItem> {
    const result = await writeTransaction(this.ds, async (m) => {
      if (!(await m.getRepository(TermReport).existsBy({ year, term })))
        throw new NotFoundException(TERM_REPORT_MESSAGES.noReportData);
      const repo = m.getRepository(TermReportPosting);
      const before = await repo.findOneBy({ year, term });
      const date_posted = posted ? formatLocalDateTime(new Date(), this.config.timeZone) : null;
      // An upsert: two administrators posting the same new term at once both succeed (the last one wins).
      await repo.upsert({ year, term, posted, date_posted, updated_at: nowIso() }, ['year', 'term']);
      await this.audit.record(
        actor,
        {
          action: posted ? 'post_term_reports' : 'unpost_term_reports',
          entity: 'term_reports',
          entity_id: `${year}-${term}`,
          field: 'posted',
          old_value: { posted: before?.posted ?? 0, date_posted: before?.date_posted ?? null },
          new_value: { posted, date_posted },
        },
        m,
      );
      // The cards become visible now: each family hears of it, in this transaction (docs/product.md §10). The run
      // key names the state posted from, so that two administrators posting at once notify once.
      const fromState = `post:${year}:${term}:${before?.updated_at ?? 'new'}`;
      if (posted && !before?.posted && (await this.outbox.claimRun(fromState, m))) {
        const students = await m
          .getRepository(TermReport)
          .find({ select: { student_id: true }, where: { year, term } });
        await this.familyMail.reportCardsReady(
          students.map((r) => r.student_id),
          year,
          term,
          m,
        );
      }
      return { year, term, posted, date_posted: date_posted ?? '' };
    });
    if (posted) this.outbox.wake();
    return result;
  }
}
