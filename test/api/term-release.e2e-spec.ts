import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { Clock } from '../../server/config/clock.js';
import { formatLocalDateTime } from '../../server/common/time.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { TermReport } from '../../server/term-reports/entities/term-report.entity.js';
import { PostingsService } from '../../server/term-reports/postings.service.js';
import { TERM_REPORT_MESSAGES, type TermReportsPostedItem } from '../../shared/term-reports.js';
import { type ApiClient, expectStatus, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Report release under the school's control (docs/product.md §4 Term report posting): one class at a time, at a
// chosen time (the server's clock is moved forward, never slept on), and one student's card held.

let t: TestApp;
let admin: ApiClient;
const students: Record<string, ApiClient> = {};
const YEAR = 2026;
const TERM = 1;
const HOUR = 3_600_000;

const ANA = { id: 'R1001', first_name: 'Ana', class_id: '1A' };
const BEA = { id: 'R1002', first_name: 'Bea', class_id: '1A' };
const CIA = { id: 'R2001', first_name: 'Cia', class_id: '2B' };

const clock = () => t.app.get(Clock);
const post = (body: object) => admin.post('/api/post-term-reports', { year: YEAR, term: TERM, ...body });
const term = async (): Promise<TermReportsPostedItem> =>
  ((await expectStatus(admin.get('/api/term-reports-posted'), 200)).body as TermReportsPostedItem[]).find(
    (x) => x.year === YEAR && x.term === TERM,
  )!;
/** What the student sees: her term list's posted flag, and whether her card opens. */
async function sees(id: string): Promise<boolean> {
  const listed = (await expectStatus(students[id].get(`/api/report-card-terms/${id}`), 200)).body as {
    year: number;
    term: number;
    posted: number;
  }[];
  const posted = listed.find((x) => x.year === YEAR && x.term === TERM)!.posted === 1;
  const card = await students[id].get(`/api/report-card/${id}/${YEAR}/${TERM}`);
  expect(card.status, `${id}: list says ${posted}, card answers ${card.status}`).toBe(posted ? 200 : 403);
  return posted;
}
const notices = async () =>
  (await t.ds.getRepository(OutboxMessage).findBy({ kind: 'report-card' })).map((m) => m.student_id).sort();
/** 'YYYY-MM-DD HH:mm' in school time, `ms` from the server's now. */
const schoolTime = (ms: number) =>
  formatLocalDateTime(new Date(clock().now().getTime() + ms), t.config.timeZone).slice(0, 16);

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  const now = new Date().toISOString();
  for (const s of [ANA, BEA, CIA]) {
    await createStudent(t, { ...s, password: 'Release-Day-2026', extra: { email: `${s.first_name}@example.tt` } });
    await t.ds.getRepository(TermReport).insert({
      student_id: s.id,
      year: YEAR,
      term: TERM,
      class_id: s.class_id,
      form_level: Number(s.class_id[0]),
      created_at: now,
      updated_at: now,
    });
    students[s.id] = await signedInStudent(t, s.id, 'Release-Day-2026');
  }
});

afterAll(() => t?.close());

beforeEach(async () => {
  clock().reset();
  await expectStatus(post({ posted: 0 }), 200);
  await t.ds.query('DELETE FROM term_report_holds');
  await t.ds.query('DELETE FROM outbox');
});

describe('posting one class', () => {
  it('shows the cards to that class only, and the term row lists each class with its own state', async () => {
    const res = await expectStatus(post({ posted: 1, class_id: '1A' }), 200);
    expect(res.body).toMatchObject({ year: YEAR, term: TERM, posted: 1, class_id: '1A', scheduled_for: '' });
    expect(await sees(ANA.id)).toBe(true);
    expect(await sees(CIA.id)).toBe(false);
    const item = await term();
    expect(item.posted).toBe(0);
    expect(item.class_postings).toEqual([
      { class_id: '1A', posted: 1, date_posted: res.body.date_posted, scheduled_for: '', own: true },
      { class_id: '2B', posted: 0, date_posted: '', scheduled_for: '', own: false },
    ]);
    expect(await notices()).toEqual([ANA.id, BEA.id]);
    const audit = await t.ds.getRepository(AuditEntry).findOneByOrFail({ entity_id: `${YEAR}-${TERM}-1A` });
    expect(audit.action).toBe('post_term_reports');
    const unknown = await expectStatus(post({ posted: 1, class_id: '9Z' }), 404);
    expect(unknown.body.message).toBe(TERM_REPORT_MESSAGES.noClassData);
  });

  it('takes a class and a student as typed in another case, as their reports spell them', async () => {
    const res = await expectStatus(post({ posted: 1, class_id: '1a' }), 200);
    expect(res.body.class_id).toBe('1A');
    expect(await sees(BEA.id)).toBe(true);
    const held = await admin.post('/api/term-report-holds', {
      student_id: BEA.id.toLowerCase(),
      year: YEAR,
      term: TERM,
      reason: 'Fees',
    });
    if (t.engine === 'sqlite') {
      expect(held.status).toBe(404); // SQLite compares student IDs exactly, as sign-in does
    } else {
      // MariaDB finds her whatever the case: the hold is stored under her ID as her report spells it, and holds.
      expect(held.status).toBe(200);
      expect(held.body.student_id).toBe(BEA.id);
      expect(await sees(BEA.id)).toBe(false);
    }
  });

  it('does not announce again a posting already announced when it is posted again', async () => {
    await expectStatus(post({ posted: 1 }), 200);
    const [{ notified_at: first }] = (await t.ds.query('SELECT notified_at FROM term_report_postings WHERE year = ?', [
      YEAR,
    ])) as { notified_at: string }[];
    expect(first).toBeTruthy();
    clock().advance(HOUR);
    await expectStatus(post({ posted: 1 }), 200);
    const [{ notified_at: again }] = (await t.ds.query('SELECT notified_at FROM term_report_postings WHERE year = ?', [
      YEAR,
    ])) as { notified_at: string }[];
    expect(again).toBe(first);
    expect(await t.app.get(PostingsService).notifyReleased()).toBe(0);
  });

  it('lets a whole-term posting decide for every class again', async () => {
    await expectStatus(post({ posted: 0, class_id: '2B' }), 200);
    await expectStatus(post({ posted: 1 }), 200);
    expect((await term()).class_postings.every((c) => c.posted === 1 && !c.own)).toBe(true);
    expect(await sees(CIA.id)).toBe(true);
    await expectStatus(post({ posted: 0, class_id: '2B' }), 200); // one class taken back
    expect(await sees(CIA.id)).toBe(false);
    expect(await sees(ANA.id)).toBe(true);
    await expectStatus(post({ posted: 0 }), 200);
    expect(await sees(ANA.id)).toBe(false);
  });
});

describe('a whole-term posting and the classes set on their own', () => {
  it('leaves a class scheduled on its own scheduled, without notices, unless include_scheduled is true', async () => {
    const at = schoolTime(14 * HOUR);
    await expectStatus(post({ posted: 1, class_id: '1A', release_at: at }), 200);
    await expectStatus(post({ posted: 1 }), 200);
    const a = (await term()).class_postings.find((c) => c.class_id === '1A')!;
    expect(a).toMatchObject({ own: true, posted: 1, scheduled_for: at });
    expect(await sees(ANA.id)).toBe(false);
    expect(await sees(CIA.id)).toBe(true);
    expect(await notices()).toEqual([CIA.id]);
    const [entry] = await t.ds
      .getRepository(AuditEntry)
      .find({ where: { action: 'post_term_reports', entity_id: `${YEAR}-${TERM}` }, order: { id: 'DESC' }, take: 1 });
    expect(JSON.parse(entry.new_value!)).toMatchObject({ posted: 1, classes_kept: ['1A'] });

    // The scheduled class is released at its own time, and told then.
    clock().advance(14 * HOUR);
    await t.app.get(PostingsService).notifyReleased();
    expect(await sees(ANA.id)).toBe(true);
    expect(await notices()).toEqual([ANA.id, BEA.id, CIA.id]);
  });

  it('releases a class scheduled on its own at once with include_scheduled true', async () => {
    await expectStatus(post({ posted: 1, class_id: '1A', release_at: schoolTime(14 * HOUR) }), 200);
    await expectStatus(post({ posted: 1, include_scheduled: true }), 200);
    const item = await term();
    expect(item.class_postings.every((c) => c.posted === 1 && !c.own && c.scheduled_for === '')).toBe(true);
    expect(await sees(ANA.id)).toBe(true);
    expect(await notices()).toEqual([ANA.id, BEA.id, CIA.id]);
  });

  it('leaves a class posted on its own posted, with its own date, and tells its families nothing again', async () => {
    const first = await expectStatus(post({ posted: 1, class_id: '2B' }), 200);
    expect(await notices()).toEqual([CIA.id]);
    clock().advance(HOUR);
    for (const include_scheduled of [false, true]) {
      await expectStatus(post({ posted: 1, include_scheduled }), 200);
      const b = (await term()).class_postings.find((c) => c.class_id === '2B')!;
      expect(b).toMatchObject({ own: true, posted: 1, date_posted: first.body.date_posted });
      expect(await sees(CIA.id)).toBe(true);
    }
    // 1A followed the term and was told once; 2B, told with its own posting, was not told again.
    expect(await notices()).toEqual([ANA.id, BEA.id, CIA.id]);
    // Even a whole term scheduled for later does not take a released class back.
    await expectStatus(post({ posted: 1, release_at: schoolTime(3 * HOUR) }), 200);
    expect(await sees(CIA.id)).toBe(true);
    expect(await sees(ANA.id)).toBe(false);
    // A whole-term No still removes every class.
    await expectStatus(post({ posted: 0 }), 200);
    expect(await sees(CIA.id)).toBe(false);
    expect((await term()).class_postings.every((c) => !c.own)).toBe(true);
  });

  it('refuses include_scheduled that is not true or false, or sent with a class', async () => {
    await expectStatus(post({ posted: 1, class_id: '1A', release_at: schoolTime(2 * HOUR) }), 200);
    for (const value of ['yes', 1, 'true']) {
      const res = await expectStatus(post({ posted: 1, include_scheduled: value }), 422);
      expect(res.body.errors.include_scheduled).toEqual([TERM_REPORT_MESSAGES.includeScheduledType]);
    }
    const withClass = await expectStatus(post({ posted: 1, class_id: '2B', include_scheduled: true }), 422);
    expect(withClass.body.errors.include_scheduled).toEqual([TERM_REPORT_MESSAGES.includeScheduledWholeTerm]);
    expect(withClass.body.message).toBe(TERM_REPORT_MESSAGES.includeScheduledWholeTerm);
    // Nothing changed.
    expect((await term()).posted).toBe(0);
    expect((await term()).class_postings.find((c) => c.class_id === '1A')!.scheduled_for).not.toBe('');
  });
});

describe('a release time', () => {
  it('keeps the cards hidden until then, shows them from then on and tells the families only then', async () => {
    const at = schoolTime(2 * HOUR);
    const res = await expectStatus(post({ posted: 1, release_at: at }), 200);
    expect(res.body).toMatchObject({ posted: 1, scheduled_for: at, date_posted: `${at}:00` });
    expect((await term()).scheduled_for).toBe(at);
    expect(await sees(ANA.id)).toBe(false);
    expect(await notices()).toEqual([]);
    clock().advance(2 * HOUR - 60_000); // a minute before
    expect(await t.app.get(PostingsService).notifyReleased()).toBe(0);
    expect(await sees(CIA.id)).toBe(false);
    clock().advance(60_000);
    expect(await sees(CIA.id)).toBe(true);
    expect((await term()).scheduled_for).toBe('');
    await t.app.get(PostingsService).notifyReleased();
    await t.app.get(PostingsService).notifyReleased(); // another instance's check finds it announced
    expect(await notices()).toEqual([ANA.id, BEA.id, CIA.id]);
  });

  it("takes 'YYYY-MM-DDTHH:mm', refuses a bad or past time, and a removal cancels it", async () => {
    const later = schoolTime(HOUR).replace(' ', 'T');
    await expectStatus(post({ posted: 1, class_id: '2B', release_at: later }), 200);
    expect((await term()).class_postings.find((c) => c.class_id === '2B')!.scheduled_for).toBe(later.replace('T', ' '));
    const bad = await expectStatus(post({ posted: 1, release_at: 'Friday at three' }), 422);
    expect(bad.body.errors.release_at).toEqual([TERM_REPORT_MESSAGES.releaseFormat]);
    const past = await expectStatus(post({ posted: 1, release_at: schoolTime(-HOUR) }), 422);
    expect(past.body.errors.release_at).toEqual([TERM_REPORT_MESSAGES.releasePassed]);
    await expectStatus(post({ posted: 0, class_id: '2B' }), 200);
    clock().advance(2 * HOUR);
    expect(await sees(CIA.id)).toBe(false);
    expect(await t.app.get(PostingsService).notifyReleased()).toBe(0);
  });

  it('refuses a release time more than a year ahead, and the cards stay as they were', async () => {
    await expectStatus(post({ posted: 0 }), 200);
    for (const at of ['9999-12-31 20:00', schoolTime(367 * 24 * HOUR)]) {
      const far = await expectStatus(post({ posted: 1, release_at: at }), 422);
      expect(far.body.errors.release_at).toEqual([TERM_REPORT_MESSAGES.releaseTooFar]);
    }
    expect((await term()).posted).toBe(0);
    expect(await sees(ANA.id)).toBe(false);
    const inAYear = schoolTime(364 * 24 * HOUR);
    expect((await expectStatus(post({ posted: 1, release_at: inAYear }), 200)).body.scheduled_for).toBe(inAYear);
    expect(await sees(ANA.id)).toBe(false);
    await expectStatus(post({ posted: 0 }), 200);
  });
});

describe('holding a card', () => {
  it("hides her card while her classmates' show, lists the hold, and tells her family once it is lifted", async () => {
    const none = await expectStatus(
      admin.post('/api/term-report-holds', { student_id: ANA.id, year: YEAR, term: TERM, reason: ' ' }),
      422,
    );
    expect(none.body.errors.reason).toEqual([TERM_REPORT_MESSAGES.holdReason]);
    const held = await expectStatus(
      admin.post('/api/term-report-holds', { student_id: ANA.id, year: YEAR, term: TERM, reason: 'SEA slip owed' }),
      200,
    );
    expect(held.body).toMatchObject({
      student_id: ANA.id,
      class_id: '1A',
      reason: 'SEA slip owed',
      held_by: 'admin:office',
    });
    await expectStatus(post({ posted: 1 }), 200);
    expect(await sees(ANA.id)).toBe(false);
    expect(await sees(BEA.id)).toBe(true);
    expect((await term()).holds.map((h) => h.student_id)).toEqual([ANA.id]);
    expect(await notices()).toEqual([BEA.id, CIA.id]);
    await expectStatus(
      admin.post('/api/term-report-holds/remove', { student_id: ANA.id, year: YEAR, term: TERM }),
      204,
    );
    expect(await sees(ANA.id)).toBe(true);
    expect(await notices()).toEqual([ANA.id, BEA.id, CIA.id]);
    const trail = await t.ds.getRepository(AuditEntry).findBy({ entity_id: ANA.id });
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['term_report.held', 'term_report.hold-lifted']));
    const missing = await expectStatus(
      admin.post('/api/term-report-holds', { student_id: ANA.id, year: YEAR, term: 3, reason: 'x' }),
      404,
    );
    expect(missing.body.message).toBe(TERM_REPORT_MESSAGES.noStudentReport);
  });
});
