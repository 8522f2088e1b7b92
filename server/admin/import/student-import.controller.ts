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
import { ApiDryRun, ApiMultipart, ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';

@Roles('admin')
@Controller('api/import-students')
export class StudentImportController {
  constructor(
    private readonly importer: StudentImportService,
    private readonly lookups: LookupsService,
  ) {}

  /** multipart `file` (.xlsx or .csv), `?dry_run=1` to check only: see importSpreadsheet. */
  @ApiRoute({
    summary: 'Import students from a spreadsheet',
    description: 'Creates and updates students from an .xlsx or .csv file; with ?dry_run=1 only checks it.',
    ok: { description: 'Imported (or checked).', schema: ref('StudentImportResult') },
    errors: {
      400: 'The multipart body is malformed',
      413: 'The file is larger than the limit',
      415: 'The file is not an .xlsx or .csv file',
      422: { description: 'No file, or the file has errors (nothing imported)', schema: ref('StudentImportResult') },
    },
  })
  @ApiMultipart({ file: { type: 'string', format: 'binary' } }, ['file'])
  @ApiDryRun()
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

  @ApiRoute({
    summary: 'Student import template',
    ok: {
      description: 'The import workbook with its columns.',
      file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  })
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
