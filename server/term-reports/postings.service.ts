import { Inject, Injectable, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type ClassPosting,
  type PostTermReportsRequest,
  type PostTermReportsResult,
  TERM_REPORT_MESSAGES,
  type TermReportsPostedItem,
} from '../../shared/term-reports.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../config/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { formatLocalDateTime, nowIso, parseLocalDateTime } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { FamilyMail } from '../mail/family-mail.js';
import { OutboxService } from '../mail/outbox.service.js';
import type { TermReport, TermReportClassPosting, TermReportPosting } from './entities/term-report.entity.js';
import { HoldsService } from './holds.service.js';
import { PostingsRepository } from './postings.repository.js';
import { effectivePosting, type PostingState, releaseTimeProblem, visibleAt } from './release-rules.js';
import { TermReportsRepository } from './term-reports.repository.js';

/** A report as the visibility rules need it: whose, which term, and her class that term. */
export interface ReportKey {
  student_id: string;
  year: number;
  term: number;
  class_id: string;
}

export const reportKey = (r: { student_id: string; year: number; term: number }) =>
  `${r.student_id}|${r.year}|${r.term}`;

/**
 * Posting and removing a year's term, or one class of it, now or from a release time; and when a student may see
 * her card (docs/product.md §4 Term report posting): the class's own posting or else the term's, released, and
 * her card not held. Families are told when the cards become visible (docs/product.md §10), by whichever
 * instance marks the posting `notified_at` first.
 */
@Injectable()
export class PostingsService {
  private readonly logger = new Logger('TermReports');

  constructor(
    private readonly tx: Transactions,
    private readonly reports: TermReportsRepository,
    private readonly rows: PostingsRepository,
    private readonly audit: AuditService,
    private readonly familyMail: FamilyMail,
    private readonly outbox: OutboxService,
    private readonly holds: HoldsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every year and term that has report data, newest first, with its postings, classes and holds. */
  async list(): Promise<TermReportsPostedItem[]> {
    const terms = await this.reports.termsAndClasses();
    const [postings, holds] = await Promise.all([this.postings(), this.holds.list()]);
    const items = new Map<string, TermReportsPostedItem>();
    for (const t of terms) {
      const { year, term } = t;
      const key = `${year}|${term}`;
      const p = postings.term(year, term);
      let item = items.get(key);
      if (!item) {
        item = {
          year,
          term,
          posted: p?.posted ? 1 : 0,
          date_posted: p?.posted ? (p.date_posted ?? '') : '',
          scheduled_for: this.scheduledFor(p),
          classes: [],
          class_postings: [],
          holds: holds.filter((h) => h.year === year && h.term === term),
        };
        items.set(key, item);
      }
      item.classes.push(t.class_id);
      const own = postings.own(year, term, t.class_id);
      const state = effectivePosting(p, own);
      item.class_postings.push({
        class_id: t.class_id,
        posted: state?.posted ? 1 : 0,
        date_posted: state?.posted ? (state.date_posted ?? '') : '',
        scheduled_for: this.scheduledFor(state),
        own: !!own,
      });
    }
    for (const item of items.values()) {
      item.classes.sort();
      item.class_postings.sort((a: ClassPosting, b: ClassPosting) => a.class_id.localeCompare(b.class_id));
    }
    return [...items.values()].sort((a, b) => b.year - a.year || b.term - a.term);
  }

  /**
   * Whether each report is visible to its student now, and its posting date: the class's own posting or the
   * term's, its release time passed, and her card not held.
   */
  async visibility(reports: ReportKey[]): Promise<Map<string, { visible: boolean; date_posted: string }>> {
    const out = new Map<string, { visible: boolean; date_posted: string }>();
    if (reports.length === 0) return out;
    const years = [...new Set(reports.map((r) => r.year))];
    const [postings, held] = await Promise.all([
      this.postings(years),
      this.holds.heldKeys([...new Set(reports.map((r) => r.student_id))]),
    ]);
    const now = this.clock.now().toISOString();
    for (const r of reports) {
      const state = effectivePosting(postings.term(r.year, r.term), postings.own(r.year, r.term, r.class_id));
      const visible = visibleAt(state, now) && !held.has(reportKey(r));
      out.set(reportKey(r), { visible, date_posted: visible ? (state?.date_posted ?? '') : '' });
    }
    return out;
  }

  /**
   * posted 1: posts now, or from `release_at` (school time); posted 0: removes (a scheduled posting is cancelled).
   * With `class_id` that class only; without it the whole term (setTerm: which classes keep their own posting).
   */
  async setPosted(req: PostTermReportsRequest, actor: SessionUser): Promise<PostTermReportsResult> {
    const { year, term, posted } = req;
    // Class ids are upper case (the student import makes them so): '1a' is 1A on either engine.
    const classId = req.class_id?.trim().toUpperCase() || undefined;
    if (classId && req.include_scheduled !== undefined) {
      const problem = TERM_REPORT_MESSAGES.includeScheduledWholeTerm;
      throw new UnprocessableEntityException({ message: problem, errors: { include_scheduled: [problem] } });
    }
    const release = posted && req.release_at ? this.releaseTime(req.release_at) : null;
    let told = 0;
    const result = await this.tx.write(async (m) => {
      if (!(await this.reports.termHasReports(year, term, m)))
        throw new NotFoundException(TERM_REPORT_MESSAGES.noReportData);
      // The class as its reports spell it (MariaDB compares without case; the visibility rules do not).
      const classRow = classId ? await this.reports.classAsSpelt(year, term, classId, m) : null;
      if (classId && !classRow) throw new NotFoundException(TERM_REPORT_MESSAGES.noClassData);
      const date_posted = posted ? formatLocalDateTime(release ?? this.clock.now(), this.config.timeZone) : null;
      const next = { posted, date_posted, release_at: release?.toISOString() ?? null };
      const decided = classId
        ? { before: await this.setClass(m, year, term, classId, next), kept: [], told: 0 }
        : await this.setTerm(m, year, term, next, req.include_scheduled === true);
      const { before, kept } = decided;
      told = decided.told;
      await this.audit.record(
        actor,
        {
          action: !posted ? 'unpost_term_reports' : release ? 'schedule_term_reports' : 'post_term_reports',
          entity: 'term_reports',
          entity_id: classRow ? `${year}-${term}-${classRow}` : `${year}-${term}`,
          field: 'posted',
          old_value: before,
          // The classes that kept their own posting or release time, when a whole-term posting left any.
          new_value: kept.length ? { ...next, classes_kept: kept } : next,
        },
        m,
      );
      return {
        year,
        term,
        posted,
        date_posted: date_posted ?? '',
        scheduled_for: this.scheduledFor(next),
        ...(classRow ? { class_id: classRow } : {}),
      };
    });
    if (told) this.outbox.wake();
    // Cards visible now: their families are told (a scheduled posting waits for ReleaseScheduler). The posting has
    // committed: a failure here is logged, and the next minute's check announces it.
    if (posted && !release)
      await this.notifyReleased().catch((e: unknown) =>
        this.logger.error({ msg: 'announcing a posting failed; retried within a minute', error: String(e) }),
      );
    return result;
  }

  /**
   * Tells the families of every posting whose cards have become visible and were not announced yet: each is
   * claimed by a conditional update of `notified_at`, so one instance announces it, once, with its notices in the
   * same transaction. Run after a posting, a lifted hold, and every minute for release times (ReleaseScheduler).
   */
  async notifyReleased(): Promise<number> {
    const now = this.clock.now().toISOString();
    const due = <T extends TermReportPosting | TermReportClassPosting>(rows: T[]) =>
      rows.filter((p) => p.posted === 1 && !p.notified_at && visibleAt(p, now));
    const [termRows, classRows] = await Promise.all([this.rows.termPostings(), this.rows.classPostings()]);
    let queued = 0;
    for (const p of due(termRows))
      queued += await this.announce(p, now, async (m) => {
        const own = new Set((await this.rows.classPostingsOf(p.year, p.term, m)).map((c) => c.class_id));
        const rows = await this.reports.ofTerm(p.year, p.term, undefined, m);
        return rows.filter((r) => !own.has(r.class_id));
      });
    for (const p of due(classRows))
      queued += await this.announce(p, now, (m) => this.reports.ofTerm(p.year, p.term, p.class_id, m));
    if (queued) this.outbox.wake();
    return queued;
  }

  /** Lifts a hold; her family is told of her card if she can see it now. Answers whether there was one. */
  async liftHold(req: { student_id: string; year: number; term: number }, actor: SessionUser): Promise<boolean> {
    const lifted = await this.holds.lift(req, actor);
    if (lifted) await this.notifyStudent(req.student_id, req.year, req.term);
    return lifted;
  }

  private async notifyStudent(studentId: string, year: number, term: number): Promise<void> {
    const report = await this.reports.findOne(studentId, year, term);
    if (!report || !(await this.visibility([report])).get(reportKey(report))?.visible) return;
    const queued = await this.tx.write((m) => this.familyMail.reportCardsReady([studentId], year, term, m));
    if (queued) this.outbox.wake();
  }

  // ---- internals ----

  /** The term postings and the classes' own postings (of some years, or all), for lookup. */
  private async postings(years?: number[]) {
    const [termRows, classRows] = await Promise.all([this.rows.termPostings(years), this.rows.classPostings(years)]);
    const byTerm = new Map(termRows.map((p) => [`${p.year}|${p.term}`, p]));
    const byClass = new Map(classRows.map((p) => [`${p.year}|${p.term}|${p.class_id}`, p]));
    return {
      term: (year: number, term: number) => byTerm.get(`${year}|${term}`),
      own: (year: number, term: number, classId: string) => byClass.get(`${year}|${term}|${classId}`),
    };
  }

  private async announce(
    p: TermReportPosting | TermReportClassPosting,
    now: string,
    reportsOf: (m: EntityManager) => Promise<TermReport[]>,
  ): Promise<number> {
    return this.tx.write(async (m) => {
      const key =
        'class_id' in p ? { year: p.year, term: p.term, class_id: p.class_id } : { year: p.year, term: p.term };
      if (!(await this.rows.claimNotice(key, now, m))) return 0;
      return this.tellFamilies(await reportsOf(m), p.year, p.term, m);
    });
  }

  /** Queues the notice of these reports' cards to their families, but for the cards held back. */
  private async tellFamilies(reports: TermReport[], year: number, term: number, m: EntityManager): Promise<number> {
    const held = await this.holds.heldKeys(
      reports.map((r) => r.student_id),
      m,
    );
    const ids = reports.filter((r) => !held.has(reportKey(r))).map((r) => r.student_id);
    return this.familyMail.reportCardsReady(ids, year, term, m);
  }

  /**
   * A whole-term decision. Removing is the decision for every class. Posting is the decision for every class not
   * posted on its own: a class posted by itself stays as it is (its own date, already announced), and one scheduled
   * by itself keeps its release time unless `includeScheduled` (then it follows this posting). Answers the term's
   * state before, and the classes that kept their own posting.
   */
  private async setTerm(
    m: EntityManager,
    year: number,
    term: number,
    next: PostingState,
    includeScheduled: boolean,
  ): Promise<{ before: PostingState; kept: string[]; told: number }> {
    const before = await this.rows.termPosting(year, term, m);
    const now = this.clock.now().toISOString();
    const own = await this.rows.classPostingsOf(year, term, m);
    const keeps = (c: TermReportClassPosting) =>
      next.posted === 1 && c.posted === 1 && (visibleAt(c, now) || !includeScheduled);
    const following = own.filter((c) => !keeps(c));
    await this.rows.deleteClassPostings(
      year,
      term,
      following.map((c) => c.class_id),
      m,
    );
    const notified_at = this.keptNotice(before, next);
    await this.rows.saveTermPosting({ year, term, ...next, notified_at, updated_at: nowIso() }, m);
    // The term's notice is kept (it was announced, and is posted again now): a class that had a posting of its own
    // then was not in it, and its families were not told by their own; they are told now that the class follows.
    let told = 0;
    if (notified_at)
      for (const c of following.filter((f) => !f.notified_at))
        told += await this.tellFamilies(await this.reports.ofTerm(year, term, c.class_id, m), year, term, m);
    const kept = own
      .filter(keeps)
      .map((c) => c.class_id)
      .sort();
    return { before: snapshot(before), kept, told };
  }

  private async setClass(
    m: EntityManager,
    year: number,
    term: number,
    class_id: string,
    next: PostingState,
  ): Promise<PostingState> {
    const own = await this.rows.classPosting(year, term, class_id, m);
    const before = own ?? (await this.rows.termPosting(year, term, m));
    await this.rows.saveClassPosting(
      { year, term, class_id, ...next, notified_at: this.keptNotice(before, next), updated_at: nowIso() },
      m,
    );
    return snapshot(before);
  }

  /**
   * Posting again, for now, what was already announced keeps its announcement (nobody is told twice); anything else
   * is announced when it becomes visible.
   */
  private keptNotice(before: (PostingState & { notified_at: string | null }) | null, next: PostingState) {
    return before?.posted && before.notified_at && next.posted && !next.release_at ? before.notified_at : null;
  }

  private releaseTime(text: string): Date {
    const at = parseLocalDateTime(text, this.config.timeZone);
    const problem = releaseTimeProblem(at, this.clock.now());
    if (problem) throw new UnprocessableEntityException({ message: problem, errors: { release_at: [problem] } });
    return at!;
  }

  /** 'YYYY-MM-DD HH:mm' of a release still ahead, else ''. */
  private scheduledFor(p: PostingState | null | undefined): string {
    if (!p?.posted || !p.release_at || visibleAt(p, this.clock.now().toISOString())) return '';
    return formatLocalDateTime(new Date(p.release_at), this.config.timeZone).slice(0, 16);
  }
}

function snapshot(p: PostingState | null): PostingState {
  return { posted: p?.posted ? 1 : 0, date_posted: p?.date_posted ?? null, release_at: p?.release_at ?? null };
}
