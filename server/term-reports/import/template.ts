import ExcelJS from 'exceljs';
import {
  MARKS_COLUMNS,
  MARKS_SHEET,
  SUMMARY_COLUMNS,
  SUMMARY_SHEET,
  TERM_REPORT_LIMITS as L,
} from '../../../shared/term-reports.js';

/** The start year of the academic year a date falls in (the year starts in September). */
export function academicYearOf(date: Date): number {
  return date.getUTCMonth() >= 8 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/**
 * The import template: the Marks and Summary sheets with their column names and one example row, and
 * a sheet explaining each column. The example's student ID is not a real one, so importing the
 * template unchanged is refused instead of writing a report for a real student.
 */
export async function buildTemplate(today: Date): Promise<Buffer> {
  const year = academicYearOf(today);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Student Portal';
  const sheet = (name: string, columns: readonly string[], example: (string | number | Date)[], widths: number[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.addRow([...columns]);
    ws.getRow(1).font = { bold: true };
    ws.addRow(example);
    columns.forEach((_, n) => {
      ws.getColumn(n + 1).width = widths[n] ?? 14;
    });
    // Student IDs are text so that leading zeros survive.
    ws.getColumn(1).numFmt = '@';
    return ws;
  };
  sheet(
    MARKS_SHEET,
    MARKS_COLUMNS,
    ['EXAMPLE-1', year, 1, 'Mathematics', 78.5, 'B', 'Works steadily; revise fractions.', 'Mr. R. Singh'],
    [14, 8, 6, 22, 8, 8, 44, 20],
  );
  const summary = sheet(
    SUMMARY_SHEET,
    SUMMARY_COLUMNS,
    [
      'EXAMPLE-1',
      year,
      1,
      2,
      1,
      'Very good',
      'A pleasant and hard-working student.',
      'Keep it up.',
      `${year + 1}-01-06`,
      '1A',
    ],
    [14, 8, 6, 12, 11, 14, 40, 40, 16, 10],
  );
  summary.getColumn(9).numFmt = '@';

  const help = wb.addWorksheet('Instructions');
  help.getColumn(1).width = 24;
  help.getColumn(2).width = 100;
  const rows: [string, string][] = [
    [
      'How to use',
      `Put one row per subject in '${MARKS_SHEET}' and one row per student in '${SUMMARY_SHEET}'. ` +
        'Replace the example rows. Row 1 keeps the column names. This sheet is not imported.',
    ],
    [
      '',
      'A file with any error imports nothing: the screen lists each error with its sheet, row and column. ' +
        "Importing a student's term again replaces its subjects (and its summary, when the file has one).",
    ],
    [
      '',
      'You may also import one sheet saved as CSV (UTF-8). Formulas are read as the value Excel saved with the file.',
    ],
    ['student_id', "The student's ID as in the portal."],
    ['year', "The academic year's start year: 2025 for 2025-2026 (2025-2026 is accepted too)."],
    ['term', '1, 2 or 3.'],
    ['subject', `The subject's name (up to ${L.subject} characters). One row per subject.`],
    ['mark', 'The mark out of 100 (at most one decimal). Leave empty for a subject graded only.'],
    ['grade', `The grade, e.g. A, B+ (up to ${L.grade} characters). A row needs a mark or a grade.`],
    ['comment, teacher', `The subject teacher's comment (up to ${L.comment} characters) and name.`],
    ['days_absent, times_late', `Whole numbers from 0 to ${L.daysMax}.`],
    ['conduct', `E.g. Excellent, Very good (up to ${L.conduct} characters).`],
    ['form_teacher_remarks', `The form teacher's remarks (up to ${L.remarks} characters).`],
    ['principal_remarks', `The principal's remarks (up to ${L.remarks} characters).`],
    ['next_term_begins', 'A date, written YYYY-MM-DD (or an Excel date).'],
    [
      'class_id',
      "Optional: the student's class in that term, e.g. 1A. " +
        'Without it the portal uses her class at the time of import.',
    ],
    ['name', "Optional, in either sheet: the student's name, for your own reading. It is not imported."],
  ];
  for (const [k, v] of rows) help.addRow([k, v]).getCell(2).alignment = { wrapText: true, vertical: 'top' };
  help.getColumn(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
