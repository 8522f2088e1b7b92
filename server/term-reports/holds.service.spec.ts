import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOLD_REASON_MAX, TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';
import {
  ADMIN,
  fakeAudit,
  FakeHolds,
  fakeStudents,
  FakeTermReports,
  fixedClock,
  TEST_CONFIG,
} from '../../test/fakes/term-reports.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import type { HoldsRepository } from './holds.repository.js';
import { HoldsService } from './holds.service.js';
import type { TermReportsRepository } from './term-reports.repository.js';

// HoldsService with in-memory owners: a hold needs a reason and a report, keeps her card back, and is audited.
function build() {
  const reports = new FakeTermReports();
  const rows = new FakeHolds();
  const tx = fakeTransactions();
  const audit = fakeAudit();
  const clock = fixedClock('2026-01-10T12:00:00.000Z');
  const students = fakeStudents([
    { id: 'S2025001', first_name: 'Ann', last_name: 'Ali', class_id: '2A' },
    { id: '20250002', first_name: 'Bea', last_name: 'Bol', class_id: '2A' },
  ]);
  reports.add({ student_id: 'S2025001', year: 2025, term: 1, class_id: '1A' });
  reports.add({ student_id: '20250002', year: 2025, term: 1, class_id: '1A' });
  const service = new HoldsService(
    tx,
    rows as unknown as HoldsRepository,
    reports as unknown as TermReportsRepository,
    audit,
    students,
    clock,
    TEST_CONFIG,
  );
  return { service, rows, tx, audit, clock };
}

describe('HoldsService (unit, in-memory owners)', () => {
  let t: ReturnType<typeof build>;
  beforeEach(() => {
    t = build();
  });

  it('holds a card with reason, author and time, her ID as her report spells it; audited', async () => {
    const hold = await t.service.hold({ student_id: 's2025001', year: 2025, term: 1, reason: '  Fees owing ' }, ADMIN);
    expect(hold).toEqual({
      student_id: 'S2025001',
      year: 2025,
      term: 1,
      name: 'Ali, Ann',
      class_id: '1A', // her class that term, not her present one
      reason: 'Fees owing',
      held_by: expect.any(String),
      held_at: '2026-01-10 08:00',
    });
    expect(t.rows.rows).toMatchObject([{ student_id: 'S2025001', reason: 'Fees owing' }]);
    expect(t.tx.committed).toBe(1);
    expect(t.audit.events).toMatchObject([
      {
        action: 'term_report.held',
        entity_id: 'S2025001',
        field: 'report 2025 term 1',
        new_value: 'Fees owing',
        inTransaction: true,
      },
    ]);
    expect(await t.service.heldKeys(['S2025001', '20250002'])).toEqual(new Set(['S2025001|2025|1']));
  });

  it('refuses a hold without a reason, or with one too long, and writes nothing', async () => {
    for (const reason of [undefined, '', '   ', 'x'.repeat(HOLD_REASON_MAX + 1)]) {
      const refused = t.service.hold({ student_id: '20250002', year: 2025, term: 1, reason }, ADMIN);
      await expect(refused).rejects.toThrow(UnprocessableEntityException);
      await expect(refused).rejects.toThrow(TERM_REPORT_MESSAGES.holdReason);
    }
    expect(t.rows.rows).toEqual([]);
    expect(t.audit.events).toEqual([]);
  });

  it('refuses a hold on a term she has no report for', async () => {
    await expect(
      t.service.hold({ student_id: '20250002', year: 2025, term: 2, reason: 'Fees' }, ADMIN),
    ).rejects.toThrow(new NotFoundException(TERM_REPORT_MESSAGES.noStudentReport));
    expect(t.rows.rows).toEqual([]);
  });

  it('holding again replaces the reason; the list is oldest first', async () => {
    await t.service.hold({ student_id: '20250002', year: 2025, term: 1, reason: 'Books' }, ADMIN);
    t.clock.advance(60_000);
    await t.service.hold({ student_id: 'S2025001', year: 2025, term: 1, reason: 'Fees' }, ADMIN);
    t.clock.advance(60_000);
    await t.service.hold({ student_id: '20250002', year: 2025, term: 1, reason: 'Books and fees' }, ADMIN);
    expect((await t.service.list()).map((h) => [h.student_id, h.reason, h.held_at])).toEqual([
      ['S2025001', 'Fees', '2026-01-10 08:01'],
      ['20250002', 'Books and fees', '2026-01-10 08:02'],
    ]);
  });

  it('lifts a hold once: answers whether there was one, and audits only a real lift', async () => {
    await t.service.hold({ student_id: '20250002', year: 2025, term: 1, reason: 'Books' }, ADMIN);
    expect(await t.service.lift({ student_id: '20250002', year: 2025, term: 1 }, ADMIN)).toBe(true);
    expect(await t.service.lift({ student_id: '20250002', year: 2025, term: 1 }, ADMIN)).toBe(false);
    expect(t.rows.rows).toEqual([]);
    expect(t.audit.events.map((e) => e.action)).toEqual(['term_report.held', 'term_report.hold-lifted']);
    expect(await t.service.heldKeys(['20250002'])).toEqual(new Set());
    expect(await t.service.list()).toEqual([]);
  });
});
