import type { Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { ExportValue, RegistrationDataRow } from '../../../shared/admin-types.js';
import { EXPORT_COLUMNS, type ExportColumn, formatPhone } from './export-columns.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { formatLocalDateTime } from '../../common/time.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { toStudentRecord } from '../../students/student-record.mapper.js';
import { StudentsRepository } from '../../students/students.repository.js';
import { commitWorkbook, dateCell, exportCells } from './xlsx.js';

const BATCH = 500;

interface Resolvers {
  religion: Map<number, string>;
  ethnic_group: Map<number, string>;
  house: Map<number, string>;
}

/**
 * The registration data of every student, one row each, every field in the order of the form:
 * lookup codes resolved to names, phones with the 1868 prefix, dates as dates.
 */
@Injectable()
export class RegistrationExportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly students: StudentsRepository,
    private readonly lookups: LookupsService,
  ) {}

  /** Writes the workbook into `out`: rows are read in batches and written as they come. */
  async writeSpreadsheet(out: Writable): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = this.config.schoolName;
    const sheet = workbook.addWorksheet('Registration Data', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = EXPORT_COLUMNS.map((f) => ({
      header: f.label,
      key: f.key,
      width: Math.max(12, Math.min(40, f.label.length + 4)),
      ...(f.kind === 'date'
        ? { style: { numFmt: 'yyyy-mm-dd' } }
        : f.kind === 'timestamp'
          ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } }
          : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    const resolvers = await this.resolvers();
    // This year's registration: current students only (docs/product.md §12.3).
    for await (const batch of this.students.rowBatches(BATCH, undefined, 'current')) {
      for (const s of batch) {
        const record: Record<string, unknown> = toStudentRecord(s);
        const row: Record<string, ExportValue | Date> = {};
        for (const f of EXPORT_COLUMNS) row[f.key] = this.cell(f, record[f.key], resolvers, true);
        sheet.addRow(exportCells(row)).commit();
      }
    }
    await commitWorkbook(sheet, workbook);
  }

  /** The same data as JSON for one form level (dates as 'YYYY-MM-DD'). */
  async rowsOfFormLevel(formLevel: number): Promise<RegistrationDataRow[]> {
    const resolvers = await this.resolvers();
    const out: RegistrationDataRow[] = [];
    for await (const batch of this.students.rowBatches(BATCH, formLevel, 'current')) {
      for (const s of batch) {
        const record: Record<string, unknown> = toStudentRecord(s);
        const row: RegistrationDataRow = {};
        for (const f of EXPORT_COLUMNS) row[f.key] = this.cell(f, record[f.key], resolvers, false) as ExportValue;
        out.push(row);
      }
    }
    return out;
  }

  private async resolvers(): Promise<Resolvers> {
    const [religions, groups, houses] = await Promise.all([
      this.lookups.listReligions(),
      this.lookups.listEthnicGroups(),
      this.lookups.listHouses(),
    ]);
    return {
      religion: new Map(religions.map((r) => [r.code, r.religion])),
      ethnic_group: new Map(groups.map((g) => [g.id, g.group_type])),
      house: new Map(houses.map((h) => [h.id, h.name])),
    };
  }

  private cell(f: ExportColumn, raw: unknown, r: Resolvers, asDate: boolean): ExportValue | Date {
    if (raw === null || raw === undefined || raw === '') return f.kind === 'flag' ? 'No' : null;
    switch (f.kind) {
      case 'flag':
        return Number(raw) === 1 ? 'Yes' : 'No';
      case 'phone':
        return formatPhone(String(raw));
      case 'religion':
      case 'ethnic_group':
      case 'house':
        return r[f.kind].get(Number(raw)) ?? String(raw);
      case 'date':
        return asDate ? (dateCell(String(raw)) ?? String(raw)) : String(raw);
      case 'timestamp': {
        const local = formatLocalDateTime(new Date(String(raw)), this.config.timeZone);
        return asDate ? (dateCell(local.slice(0, 10), local.slice(11)) ?? local) : local;
      }
      default:
        return typeof raw === 'number' ? raw : String(raw);
    }
  }
}
