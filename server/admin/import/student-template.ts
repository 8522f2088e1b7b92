import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '../../../shared/admin-types.js';

/**
 * The import template: the column names on the first sheet (no example row, so importing it unchanged
 * imports nobody) and a sheet explaining each column.
 */
export async function buildStudentTemplate(houses: { id: number; name: string }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Student Portal';
  const ws = wb.addWorksheet('Students', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...IMPORT_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  const widths = [14, 18, 18, 18, 10, 10, 16, 22, 12];
  IMPORT_COLUMNS.forEach((_, n) => {
    ws.getColumn(n + 1).width = widths[n];
    // Text cells keep leading zeros of IDs and stop Excel from turning dates and pins into numbers.
    ws.getColumn(n + 1).numFmt = '@';
  });

  const help = wb.addWorksheet('Instructions');
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 100;
  const rows: [string, string][] = [
    [
      'How to use',
      'One row per student on the first sheet, below the column names ' +
        `(at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}). ` +
        'Only id and the columns you want to set are needed. This sheet is not imported. ' +
        'You may also save the first sheet as CSV (UTF-8).',
    ],
    [
      '',
      'A file with any error imports nothing: the screen lists each error with its row and column. ' +
        'Try it first: the import screen checks the file before anything is saved.',
    ],
    [
      '',
      'A student already in the portal gets only the cells you fill changed; ' +
        'an empty cell keeps what is stored, and nothing the family typed is overwritten.',
    ],
    [
      '',
      'A new student needs first_name, last_name, class_id and date_of_birth. ' +
        'She signs in with her ID and her date of birth (yyyymmdd) and must then choose a password.',
    ],
    ['id', 'The student ID (up to 20 letters, digits or dashes).'],
    ['first_name, last_name, middle_name', 'Up to 20 characters each.'],
    [
      'class_id',
      'The class, starting with the form level: 1A is Form 1. ' +
        'A class the portal does not know yet is added to the class list (the check lists it first).',
    ],
    ['sex', 'Female or Male (F or M is accepted).'],
    [
      'date_of_birth',
      'DD/MM/YYYY, day first (17/05/2013), or YYYY-MM-DD (2013-05-17), or an Excel date. ' +
        'Not before 1950-01-01, not in the future.',
    ],
    ['birth_certificate_no', 'The electronic birth pin (up to 15 characters).'],
    ['house_code', `The house number: ${houses.map((h) => `${h.id} = ${h.name}`).join(', ') || 'none defined yet'}.`],
    [
      'guardian_email, guardian2_email',
      "Optional: a parent's or guardian's e-mail address. Each address not yet linked to the student gets an " +
        'invitation to a parent account (a link valid 7 days) once the import is saved; the check lists them first.',
    ],
    ['', 'Formulas are not accepted: paste values.'],
  ];
  for (const [k, v] of rows) help.addRow([k, v]).getCell(2).alignment = { wrapText: true, vertical: 'top' };
  help.getColumn(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
