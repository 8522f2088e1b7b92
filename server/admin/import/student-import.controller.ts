import { Controller, Get, HttpCode, Post, Query, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import type { Response } from 'express';
import { IMPORT_MAX_BYTES, type StudentImportResult } from '../../../shared/admin-types.js';
import { CurrentUser, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { SheetUpload, type UploadedSheet } from '../../common/spreadsheets/sheet-upload.js';
import { type ImportAnswer, importSpreadsheet } from '../../common/spreadsheets/spreadsheet-import.js';
import { LookupsService } from '../../lookups/lookups.service.js';
import { XLSX_TYPE } from '../export/xlsx.js';
import { StudentImportService } from './student-import.service.js';
import { buildStudentTemplate } from './student-template.js';

@Roles('admin')
@Controller('api/import-students')
export class StudentImportController {
  constructor(
    private readonly importer: StudentImportService,
    private readonly lookups: LookupsService,
  ) {}

  /** multipart `file` (.xlsx or .csv), `?dry_run=1` to check only: see importSpreadsheet. */
  @Post()
  @HttpCode(200)
  @SheetUpload({
    maxMb: () => IMPORT_MAX_BYTES / 1024 / 1024,
    tooLargeMessage: (mb) =>
      `The file is larger than ${mb} MB. A student list is far smaller: check it is the right file, or split it.`,
  })
  import(
    @CurrentUser() user: SessionUser,
    @UploadedFile() file: UploadedSheet | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportAnswer<StudentImportResult>> {
    return importSpreadsheet(
      this.importer,
      { file, dryRun, actor: user, res },
      { noFileMessage: 'Please select a file!' },
    );
  }

  @Get('template')
  async template(): Promise<StreamableFile> {
    const bytes = await buildStudentTemplate(await this.lookups.listHouses());
    return new StreamableFile(bytes, {
      type: XLSX_TYPE,
      disposition: 'attachment; filename="Student Import Template.xlsx"',
      length: bytes.length,
    });
  }
}
