import type { Writable } from 'node:stream';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { ContactPerson, ParentsContactRow } from '../../../shared/admin-types.js';
import { MESSAGES } from '../../../shared/constants.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { formatLocalDateTime } from '../../common/time.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { fontStack } from '../../pdf/fonts.js';
import { html, raw } from '../../pdf/html.js';
import { PdfRenderer } from '../../pdf/pdf-renderer.js';
import { type StudentPick, type StudentRow, StudentsRepository } from '../../students/students.repository.js';
import { formatPhone } from '../export/export-columns.js';
import { commitWorkbook, exportCells } from '../export/xlsx.js';
import { COLOR } from '../../../shared/design-tokens.js';

const COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'class_id',
  'mother_name',
  'mobile_phone_mother',
  'mother_phone_home',
  'mother_business_phone',
  'email_mother',
  'father_name',
  'mobile_phone_father',
  'father_phone_home',
  'father_business_phone',
  'email_father',
  'guardian_name',
  'mobile_phone_guardian',
  'home_phone_guardian',
  'business_phone_guardian',
  'email_guardian',
  'emergency_contact',
  'emergency_home_phone',
  'emergency_work_phone',
] as const satisfies readonly (keyof StudentRow)[];

type ContactColumns = StudentPick<(typeof COLUMNS)[number]>;

function person(name: string | null, phones: (string | null)[], email: string | null): ContactPerson | null {
  const list = phones.map(formatPhone).filter((p): p is string => Boolean(p));
  if (!name && list.length === 0 && !email) return null;
  return { name, phones: [...new Set(list)], email };
}

function toRow(s: ContactColumns): ParentsContactRow {
  return {
    id: s.id,
    name: `${s.last_name ?? ''}, ${s.first_name ?? ''}`,
    class_id: s.class_id,
    mother: person(
      s.mother_name,
      [s.mobile_phone_mother, s.mother_phone_home, s.mother_business_phone],
      s.email_mother,
    ),
    father: person(
      s.father_name,
      [s.mobile_phone_father, s.father_phone_home, s.father_business_phone],
      s.email_father,
    ),
    guardian: person(
      s.guardian_name,
      [s.mobile_phone_guardian, s.home_phone_guardian, s.business_phone_guardian],
      s.email_guardian,
    ),
    emergency: person(s.emergency_contact, [s.emergency_home_phone, s.emergency_work_phone], null),
  };
}

const ROLES = [
  ['mother', 'Mother'],
  ['father', 'Father'],
  ['guardian', 'Guardian'],
  ['emergency', 'Emergency Contact'],
] as const;

const STYLE = raw(`
  body { font-family: ${fontStack('DejaVu Sans', 'Arial')}; font-size: 9pt; color: ${COLOR.printText}; }
  h1 { font-size: 14pt; margin: 0 0 2pt; color: ${COLOR.primary}; }
  h2 { font-size: 11pt; margin: 0 0 6pt; font-weight: normal; }
  section { break-after: page; }
  section:last-child { break-after: auto; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  col.id { width: 9%; } col.student { width: 15%; } col.person { width: 19%; }
  td { overflow-wrap: anywhere; }
  th, td { border: 0.5pt solid ${COLOR.printRule}; padding: 3pt 4pt; text-align: left; vertical-align: top; }
  th { background: ${COLOR.primaryBg}; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .muted { color: ${COLOR.printSoft}; }
  .id { white-space: nowrap; }
`);

/** Parents Contact: for each class, every student's mother, father, guardian and emergency contact. */
@Injectable()
export class ParentsContactService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly students: StudentsRepository,
    private readonly lookups: LookupsService,
    private readonly pdf: PdfRenderer,
  ) {}

  /** One class, or every class when none is named; 404 for a class the school does not have. */
  async rows(classId?: string): Promise<ParentsContactRow[]> {
    if (classId && !(await this.lookups.contains('formClasses', classId)))
      throw new NotFoundException(MESSAGES.notFound);
    // Families of current students only (docs/product.md §12.3).
    const found = await this.students.list(COLUMNS, {
      classId: classId || undefined,
      standing: 'current',
      order: { class_id: 'ASC', last_name: 'ASC', first_name: 'ASC', id: 'ASC' },
    });
    return found.map(toRow);
  }

  fileName(classId: string | undefined, ext: string): string {
    return `Parents Contact${classId ? ` ${classId}` : ''}.${ext}`;
  }

  /** Writes the rows (of rows()) as a workbook into `out`. */
  async writeSpreadsheet(out: Writable, rows: ParentsContactRow[]): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Parents Contact', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: 'Class', key: 'class_id', width: 8 },
      { header: 'Student ID', key: 'id', width: 12 },
      { header: 'Student', key: 'name', width: 26 },
      ...ROLES.flatMap(([key, title]) => [
        { header: title, key: `${key}_name`, width: 24 },
        { header: `${title}: Phones`, key: `${key}_phones`, width: 28 },
        ...(key === 'emergency' ? [] : [{ header: `${title}: E-mail`, key: `${key}_email`, width: 28 }]),
      ]),
    ];
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) {
      const cells: Record<string, string | null> = { class_id: r.class_id, id: r.id, name: r.name };
      for (const [key] of ROLES) {
        cells[`${key}_name`] = r[key]?.name ?? null;
        cells[`${key}_phones`] = r[key]?.phones.join(', ') || null;
        if (key !== 'emergency') cells[`${key}_email`] = r[key]?.email ?? null;
      }
      sheet.addRow(exportCells(cells)).commit();
    }
    await commitWorkbook(sheet, workbook);
  }

  async renderPdf(classId?: string): Promise<Buffer> {
    const rows = await this.rows(classId);
    const byClass = new Map<string, ParentsContactRow[]>();
    for (const r of rows) {
      const key = r.class_id ?? 'No class';
      byClass.set(key, [...(byClass.get(key) ?? []), r]);
    }
    const printed = formatLocalDateTime(new Date(), this.config.timeZone).slice(0, 16);
    const cell = (p: ContactPerson | null) =>
      p
        ? html`<div>${p.name ?? ''}</div><div>${p.phones.join(', ')}</div>${p.email ? html`<div>${p.email}</div>` : ''}`
        : html`<span class="muted">—</span>`;
    const cells = (r: ParentsContactRow) => ROLES.map(([key]) => html`<td>${cell(r[key])}</td>`);
    const row = (r: ParentsContactRow) => html`<tr><td class="id">${r.id}</td><td>${r.name}</td>${cells(r)}</tr>`;
    const section = (cls: string, list: ParentsContactRow[]) => html`
      <section>
        <h1>${this.config.schoolName}</h1>
        <h2>Parents Contact · Class ${cls} · ${list.length} ${list.length === 1 ? 'student' : 'students'}</h2>
        <table>
          <colgroup><col class="id"><col class="student">${ROLES.map(() => html`<col class="person">`)}</colgroup>
          <thead><tr><th>ID</th><th>Student</th>${ROLES.map(([, title]) => html`<th>${title}</th>`)}</tr></thead>
          <tbody>${list.map(row)}</tbody>
        </table>
      </section>`;
    const noStudents = html`<p>No students${classId ? html` in class ${classId}` : ''}.</p>`;
    const body =
      byClass.size > 0
        ? [...byClass].map(([cls, list]) => section(cls, list))
        : html`<section><h1>${this.config.schoolName}</h1><h2>Parents Contact</h2>${noStudents}</section>`;
    const head = html`<head><meta charset="utf-8"><style>${STYLE}</style></head>`;
    const page = html`<!doctype html><html>${head}<body>${body}</body></html>`;
    return this.pdf.render(page, {
      format: 'Legal',
      landscape: true,
      margin: { top: '0.4in', right: '0.4in', bottom: '0.6in', left: '0.4in' },
      footer: `Parents Contact · printed ${printed}`,
    });
  }
}
