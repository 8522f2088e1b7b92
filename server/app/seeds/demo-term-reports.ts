import type { EntityManager } from 'typeorm';
import { formLevelOf } from '../../../shared/constants.js';
import type { Student } from '../../students/entities/student.entity.js';
import { academicYearOf } from '../../term-reports/import/template.js';
import type { TermReportRows } from '../../term-reports/term-report-rows.js';

// Term reports of the demo school: last academic year's three terms, posted (students of Form 2 and up
// were in the form below), and this year's Term 1 for everyone, imported but not posted yet, so an
// evaluator can post it as the office would and watch it appear for a student.

const SUBJECTS: [string, string][] = [
  ['Mathematics', 'Mr. R. Singh'],
  ['English A', 'Ms. K. Joseph'],
  ['Spanish', 'Sra. M. Garcia'],
  ['Integrated Science', 'Dr. A. Ali'],
  ['Geography', 'Mrs. P. Persad'],
  ['History', 'Mr. D. Lewis'],
  ['Visual Arts', 'Ms. T. Baptiste'],
  ['Physical Education', 'Mr. J. Thomas'],
];
const COMMENTS = [
  'Works steadily and participates well.',
  'Good effort; revise regularly.',
  'Excellent work this term.',
  'Must complete homework on time.',
];
const CONDUCT = ['Excellent', 'Very good', 'Good', 'Satisfactory'];

const grade = (mark: number) => (mark >= 80 ? 'A' : mark >= 70 ? 'B' : mark >= 60 ? 'C' : mark >= 50 ? 'D' : 'E');

export async function seedDemoTermReports(
  rows: TermReportRows,
  m: EntityManager,
  students: Partial<Student>[],
  now: string,
): Promise<void> {
  const year = academicYearOf(new Date(now));
  const plans: { student: Partial<Student>; year: number; term: number; classId: string }[] = [];
  for (const s of students) {
    const level = formLevelOf(s.class_id);
    if (!level || !s.id) continue;
    plans.push({ student: s, year, term: 1, classId: s.class_id! });
    if (level >= 2) {
      const previous = `${level - 1}${/[AB]$/.test(s.class_id!) ? s.class_id!.slice(-1) : 'A'}`;
      for (const term of [1, 2, 3]) plans.push({ student: s, year: year - 1, term, classId: previous });
    }
  }
  let seed = 7;
  const next = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;
  for (const p of plans) {
    const name = p.student.first_name ?? 'She';
    const reportId = await rows.insertReport(
      {
        student_id: p.student.id!,
        year: p.year,
        term: p.term,
        class_id: p.classId,
        form_level: formLevelOf(p.classId)!,
        days_absent: Math.floor(next() * 6),
        times_late: Math.floor(next() * 4),
        conduct: CONDUCT[Math.floor(next() * CONDUCT.length)],
        form_teacher_remarks: `${name} has had a good term and gets on well with her classmates.`,
        principal_remarks: 'Keep up the good work.',
        next_term_begins:
          p.term === 1 ? `${p.year + 1}-01-06` : p.term === 2 ? `${p.year + 1}-04-20` : `${p.year + 1}-09-01`,
        created_at: now,
        updated_at: now,
      },
      m,
    );
    await rows.insertLines(
      SUBJECTS.map(([subject, teacher], n) => {
        const mark = 45 + Math.floor(next() * 54);
        return {
          term_report_id: reportId,
          position: n + 1,
          subject,
          mark_tenths: mark * 10,
          grade: grade(mark),
          comment: COMMENTS[Math.floor(next() * COMMENTS.length)],
          teacher,
        };
      }),
      m,
    );
  }
  await rows.insertPostings(
    [
      // posted at the end of each term: December, April and July
      ...[`${year - 1}-12-18 14:30:00`, `${year}-04-09 14:30:00`, `${year}-07-09 14:30:00`].map((date_posted, n) => ({
        year: year - 1,
        term: n + 1,
        posted: 1,
        date_posted,
        notified_at: now, // long announced: nothing for the Outbox
        updated_at: now,
      })),
      { year, term: 1, posted: 0, date_posted: null, updated_at: now },
    ],
    m,
  );
}
