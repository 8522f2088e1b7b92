import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';
import {
  ADMIN,
  fakeAudit,
  FakeHolds,
  fakeFamilyMail,
  fakeOutbox,
  FakePostings,
  fakeStudents,
  FakeTermReports,
  fixedClock,
  TEST_CONFIG,
} from '../../test/fakes/term-reports.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import type { HoldsRepository } from './holds.repository.js';
import { HoldsService } from './holds.service.js';
import type { PostingsRepository } from './postings.repository.js';
import { PostingsService } from './postings.service.js';
import type { TermReportsRepository } from './term-reports.repository.js';

// PostingsService with in-memory owners: who sees her card when, and who is told, once. The school's time zone is
// Port of Spain (UTC-4, no summer time), so 08:00 there is 12:00 UTC.
const MINUTE = 60_000;

function build() {
  const reports = new FakeTermReports();
  const postings = new FakePostings();
  const holdRows = new FakeHolds();
  const tx = fakeTransactions();
  const audit = fakeAudit();
  const mail = fakeFamilyMail();
  const outbox = fakeOutbox();
  const clock = fixedClock('2026-01-10T12:00:00.000Z');
  const students = fakeStudents([
    { id: '20250001', first_name: 'Ann', last_name: 'Ali', class_id: '1A' },
    { id: '20250002', first_name: 'Bea', last_name: 'Bol', class_id: '1A' },
    { id: '20250003', first_name: 'Cai', last_name: 'Cox', class_id: '1B' },
  ]);
  const r = reports as unknown as TermReportsRepository;
  const holds = new HoldsService(tx, holdRows as unknown as HoldsRepository, r, audit, students, clock, TEST_CONFIG);
  const service = new PostingsService(
    tx,
    r,
    postings as unknown as PostingsRepository,
    audit,
    mail,
    outbox,
    holds,
    clock,
    TEST_CONFIG,
  );
  for (const s of students.rows) reports.add({ student_id: s.id, year: 2025, term: 1, class_id: s.class_id! });
  return { service, reports, postings, holdRows, holds, tx, audit, mail, outbox, clock };
}

type Built = ReturnType<typeof build>;
const key = (student_id: string) => ({
  student_id,
  year: 2025,
  term: 1,
  class_id: student_id === '20250003' ? '1B' : '1A',
});
const visibleTo = async ({ service }: Built) => {
  const seen = await service.visibility(['20250001', '20250002', '20250003'].map(key));
  return [...seen].filter(([, v]) => v.visible).map(([k]) => k.split('|')[0]);
};

describe('PostingsService (unit, in-memory owners)', () => {
  let t: Built;
  beforeEach(() => {
    t = build();
  });

  it('posts a term now: every card shows, dated in school time, and each family is told once', async () => {
    const result = await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(result).toEqual({ year: 2025, term: 1, posted: 1, date_posted: '2026-01-10 08:00:00', scheduled_for: '' });
    expect(await visibleTo(t)).toEqual(['20250001', '20250002', '20250003']);
    expect(t.mail.told).toEqual([{ studentIds: ['20250001', '20250002', '20250003'], year: 2025, term: 1 }]);
    expect(t.outbox.wakes).toBe(1);
    // The minute's check (and a second instance's) finds nothing left to announce.
    expect(await t.service.notifyReleased()).toBe(0);
    expect(t.mail.told).toHaveLength(1);
    expect(t.audit.events).toMatchObject([
      { action: 'post_term_reports', entity_id: '2025-1', old_value: { posted: 0 }, inTransaction: true },
    ]);
  });

  it('posting again what was announced keeps the announcement: nobody is told twice', async () => {
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    t.clock.advance(5 * MINUTE);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(t.mail.told).toHaveLength(1);
    expect(t.postings.terms[0]).toMatchObject({ date_posted: '2026-01-10 08:05:00', notified_at: expect.any(String) });
  });

  it('a scheduled posting shows nothing, tells nobody until its release time, then tells families once', async () => {
    const result = await t.service.setPosted({ year: 2025, term: 1, posted: 1, release_at: '2026-01-10 09:30' }, ADMIN);
    expect(result).toMatchObject({ date_posted: '2026-01-10 09:30:00', scheduled_for: '2026-01-10 09:30' });
    expect(await visibleTo(t)).toEqual([]);
    expect(await t.service.notifyReleased()).toBe(0);
    expect(t.mail.told).toEqual([]);
    expect(t.audit.events[0].action).toBe('schedule_term_reports');

    t.clock.advance(89 * MINUTE);
    expect(await t.service.notifyReleased()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await visibleTo(t)).toEqual(['20250001', '20250002', '20250003']);
    expect(await t.service.notifyReleased()).toBe(3);
    expect(await t.service.notifyReleased()).toBe(0);
    expect(t.mail.told).toHaveLength(1);
    expect((await t.service.list())[0]).toMatchObject({ posted: 1, scheduled_for: '' });
  });

  it('refuses a release time that has passed or is not a time, and writes nothing', async () => {
    for (const [release_at, message] of [
      ['2026-01-10 07:59', TERM_REPORT_MESSAGES.releasePassed],
      ['tomorrow', TERM_REPORT_MESSAGES.releaseFormat],
      ['2027-02-01 08:00', TERM_REPORT_MESSAGES.releaseTooFar],
    ]) {
      const refused = t.service.setPosted({ year: 2025, term: 1, posted: 1, release_at }, ADMIN);
      await expect(refused).rejects.toThrow(UnprocessableEntityException);
      await expect(refused).rejects.toThrow(message);
    }
    expect(t.tx.committed).toBe(0);
    expect(t.postings.terms).toEqual([]);
    expect(t.audit.events).toEqual([]);
  });

  it('refuses a term or a class without reports, and include_scheduled with a class', async () => {
    await expect(t.service.setPosted({ year: 2024, term: 3, posted: 1 }, ADMIN)).rejects.toThrow(
      new NotFoundException(TERM_REPORT_MESSAGES.noReportData),
    );
    await expect(t.service.setPosted({ year: 2025, term: 1, posted: 1, class_id: '5C' }, ADMIN)).rejects.toThrow(
      TERM_REPORT_MESSAGES.noClassData,
    );
    await expect(
      t.service.setPosted({ year: 2025, term: 1, posted: 1, class_id: '1A', include_scheduled: true }, ADMIN),
    ).rejects.toThrow(TERM_REPORT_MESSAGES.includeScheduledWholeTerm);
    expect(t.postings.terms).toEqual([]);
    expect(t.postings.classes).toEqual([]);
    expect(t.mail.told).toEqual([]);
  });

  it("a class's own posting shows that class only (its id upper-cased), and tells only its families", async () => {
    const result = await t.service.setPosted({ year: 2025, term: 1, posted: 1, class_id: '1a' }, ADMIN);
    expect(result.class_id).toBe('1A');
    expect(await visibleTo(t)).toEqual(['20250001', '20250002']);
    expect(t.mail.told).toEqual([{ studentIds: ['20250001', '20250002'], year: 2025, term: 1 }]);
    expect(t.audit.events[0]).toMatchObject({ action: 'post_term_reports', entity_id: '2025-1-1A' });
  });

  it('a whole-term posting leaves a class posted on its own as it is, and tells only the other families', async () => {
    await t.service.setPosted({ year: 2025, term: 1, posted: 1, class_id: '1A' }, ADMIN);
    t.clock.advance(MINUTE);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(t.mail.told.map((x) => x.studentIds)).toEqual([['20250001', '20250002'], ['20250003']]);
    expect(t.postings.classes).toMatchObject([{ class_id: '1A', date_posted: '2026-01-10 08:00:00' }]);
    expect(t.audit.events[1].new_value).toMatchObject({ classes_kept: ['1A'] });
  });

  it('a whole-term posting keeps a class scheduled on its own to its time, unless include_scheduled', async () => {
    const scheduleB = { year: 2025, term: 1, posted: 1 as const, class_id: '1B', release_at: '2026-01-12 08:00' };
    await t.service.setPosted(scheduleB, ADMIN);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(t.postings.classes).toMatchObject([{ class_id: '1B', release_at: '2026-01-12T12:00:00.000Z' }]);
    expect(await visibleTo(t)).toEqual(['20250001', '20250002']);
    expect(t.audit.events[1].new_value).toMatchObject({ classes_kept: ['1B'] });

    const other = build();
    await other.service.setPosted(scheduleB, ADMIN);
    await other.service.setPosted({ year: 2025, term: 1, posted: 1, include_scheduled: true }, ADMIN);
    expect(other.postings.classes).toEqual([]);
    expect(await visibleTo(other)).toEqual(['20250001', '20250002', '20250003']);
    expect(other.mail.told).toEqual([{ studentIds: ['20250001', '20250002', '20250003'], year: 2025, term: 1 }]);
  });

  // The term's announcement is kept by a repeat posting; the class it releases early was not in it.
  it('tells the families of a class that include_scheduled releases after the term was announced', async () => {
    await t.service.setPosted(
      { year: 2025, term: 1, posted: 1, class_id: '1B', release_at: '2026-01-12 08:00' },
      ADMIN,
    );
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1, include_scheduled: true }, ADMIN);
    expect(await visibleTo(t)).toEqual(['20250001', '20250002', '20250003']);
    expect(t.mail.told.flatMap((x) => x.studentIds).sort()).toEqual(['20250001', '20250002', '20250003']);
  });

  it("removing a term hides every card, clears the classes' own postings; posting again announces again", async () => {
    await t.service.setPosted({ year: 2025, term: 1, posted: 1, class_id: '1B' }, ADMIN);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    await t.service.setPosted({ year: 2025, term: 1, posted: 0 }, ADMIN);
    expect(await visibleTo(t)).toEqual([]);
    expect(t.postings.classes).toEqual([]);
    expect(t.postings.terms[0]).toMatchObject({ posted: 0, date_posted: null, notified_at: null });
    expect(t.audit.events[2]).toMatchObject({ action: 'unpost_term_reports', old_value: { posted: 1 } });
    const toldBefore = t.mail.told.length;
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(t.mail.told).toHaveLength(toldBefore + 1);
  });

  it('a held card stays back and her family is not told; lifting the hold shows it and tells them then', async () => {
    await t.holds.hold({ student_id: '20250002', year: 2025, term: 1, reason: 'Fees owing' }, ADMIN);
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(await visibleTo(t)).toEqual(['20250001', '20250003']);
    expect(t.mail.told).toEqual([{ studentIds: ['20250001', '20250003'], year: 2025, term: 1 }]);

    expect(await t.service.liftHold({ student_id: '20250002', year: 2025, term: 1 }, ADMIN)).toBe(true);
    expect(await visibleTo(t)).toEqual(['20250001', '20250002', '20250003']);
    expect(t.mail.told[1]).toEqual({ studentIds: ['20250002'], year: 2025, term: 1 });
    // No hold left: nothing lifted, nobody told.
    expect(await t.service.liftHold({ student_id: '20250002', year: 2025, term: 1 }, ADMIN)).toBe(false);
    expect(t.mail.told).toHaveLength(2);
  });

  it('lifting a hold before the posting tells nobody (her card is not visible yet)', async () => {
    await t.holds.hold({ student_id: '20250001', year: 2025, term: 1, reason: 'Books' }, ADMIN);
    expect(await t.service.liftHold({ student_id: '20250001', year: 2025, term: 1 }, ADMIN)).toBe(true);
    expect(t.mail.told).toEqual([]);
  });

  it('lists each term with its classes, their own postings, and its holds', async () => {
    t.reports.add({ student_id: '20250001', year: 2024, term: 3, class_id: '1A' });
    await t.service.setPosted(
      { year: 2025, term: 1, posted: 1, class_id: '1B', release_at: '2026-01-11 07:00' },
      ADMIN,
    );
    await t.holds.hold({ student_id: '20250001', year: 2025, term: 1, reason: 'Fees' }, ADMIN);
    const list = await t.service.list();
    expect(list.map((i) => [i.year, i.term])).toEqual([
      [2025, 1],
      [2024, 3],
    ]);
    expect(list[0]).toMatchObject({
      posted: 0,
      classes: ['1A', '1B'],
      class_postings: [
        { class_id: '1A', posted: 0, own: false, scheduled_for: '' },
        { class_id: '1B', posted: 1, own: true, scheduled_for: '2026-01-11 07:00' },
      ],
      holds: [{ student_id: '20250001', name: 'Ali, Ann', class_id: '1A', reason: 'Fees' }],
    });
    expect(list[1].holds).toEqual([]);
  });

  it('reaches the tables only through their owners (the passed manager is never used itself)', async () => {
    await t.service.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    await t.service.setPosted(
      { year: 2025, term: 1, posted: 1, class_id: '1A', release_at: '2026-01-11 07:00' },
      ADMIN,
    );
    await t.service.notifyReleased();
    // post, announce, class schedule: three transactions, all committed through Transactions.write
    expect(t.tx.committed).toBe(3);
  });
});
