import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { TERM_REPORT_MESSAGES } from '../../shared/term-reports.js';
import type { SessionUser } from '../common/session-user.js';
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
import { ReportCardsService } from './report-cards.service.js';
import type { TermReportsRepository } from './term-reports.repository.js';

// ReportCardsService with in-memory owners: what a card prints (averages computed here) and who may open it.
async function build() {
  const reports = new FakeTermReports();
  const tx = fakeTransactions();
  const audit = fakeAudit();
  const clock = fixedClock('2026-01-10T12:00:00.000Z');
  const students = fakeStudents([
    { id: '20250001', first_name: 'Zoe', middle_name: 'M', last_name: 'Ali' },
    { id: '20250002', first_name: 'Amy', last_name: 'Bol' },
  ]);
  const r = reports as unknown as TermReportsRepository;
  const holds = new HoldsService(
    tx,
    new FakeHolds() as unknown as HoldsRepository,
    r,
    audit,
    students,
    clock,
    TEST_CONFIG,
  );
  const postings = new PostingsService(
    tx,
    r,
    new FakePostings() as unknown as PostingsRepository,
    audit,
    fakeFamilyMail(),
    fakeOutbox(),
    holds,
    clock,
    TEST_CONFIG,
  );
  const zoe = reports.add({ student_id: '20250001', year: 2025, term: 1, class_id: '1A', days_absent: 2 });
  const amy = reports.add({ student_id: '20250002', year: 2025, term: 1, class_id: '1A' });
  reports.add({ student_id: '20250001', year: 2024, term: 3, class_id: '1A' });
  const line = (term_report_id: number, position: number, subject: string, mark_tenths: number | null) => ({
    term_report_id,
    position,
    subject,
    mark_tenths,
    grade: null,
    comment: null,
    teacher: null,
  });
  await reports.insertLines([
    line(zoe.id, 1, 'Mathematics', 785),
    line(zoe.id, 2, 'English', 900),
    line(amy.id, 1, 'mathematics ', 600),
    line(amy.id, 2, 'English', null),
  ]);
  return { service: new ReportCardsService(r, students, postings), postings };
}

const STUDENT = { id: 7, role: 'student', student_id: '20250001' } as SessionUser;

describe('ReportCardsService (unit, in-memory owners)', () => {
  it('prints her marks, the class means per subject (compared without case), her mean, the class size', async () => {
    const { service } = await build();
    const card = await service.card('20250001', 2025, 1, ADMIN);
    expect(card).toMatchObject({
      student_name: 'Zoe M Ali',
      form_level: 1,
      days_absent: 2,
      class_size: 2,
      overall_average: 84.3,
      posted: false,
      date_posted: null,
    });
    expect(card.lines.map((l) => [l.subject, l.mark, l.class_average])).toEqual([
      ['Mathematics', 78.5, 69.3],
      ['English', 90, 90],
    ]);
  });

  it('lets a student open her card only once it is posted; an admin any time', async () => {
    const { service, postings } = await build();
    await expect(service.card('20250001', 2025, 1, STUDENT)).rejects.toThrow(
      new ForbiddenException(TERM_REPORT_MESSAGES.notPostedYet),
    );
    await postings.setPosted({ year: 2025, term: 1, posted: 1 }, ADMIN);
    expect(await service.card('20250001', 2025, 1, STUDENT)).toMatchObject({
      posted: true,
      date_posted: '2026-01-10 08:00:00',
    });
    await expect(service.card('20250001', 2023, 1, ADMIN)).rejects.toThrow(NotFoundException);
  });

  it("lists her terms newest first with whether each is posted; a class's cards by name", async () => {
    const { service, postings } = await build();
    await postings.setPosted({ year: 2024, term: 3, posted: 1 }, ADMIN);
    expect((await service.terms('20250001')).map((t) => [t.year, t.term, t.posted])).toEqual([
      [2025, 1, 0],
      [2024, 3, 1],
    ]);
    await expect(service.terms('20259999')).rejects.toThrow(NotFoundException);
    expect((await service.classCards('1A', 2025, 1)).map((c) => c.student_name)).toEqual(['Amy Bol', 'Zoe M Ali']);
    await expect(service.classCards('1B', 2025, 1)).rejects.toThrow(TERM_REPORT_MESSAGES.noReportData);
  });
});
