import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { IsOptional, Matches } from 'class-validator';
import type { ParentsContactRow } from '../../../shared/admin-types.js';
import { Roles } from '../../common/decorators.js';
import { pdfFile } from '../../pdf/pdf-file.js';
import { streamOrAbort } from '../export/stream-or-abort.js';
import { attachmentHeaders } from '../export/xlsx.js';
import { ParentsContactService } from './parents-contact.service.js';
import { ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';
import { ApiPropertyOptional } from '@nestjs/swagger';

export class ParentsContactQuery {
  @ApiPropertyOptional({ description: 'One class only.', pattern: '^[A-Za-z0-9-]{1,10}$' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,10}$/, { message: 'Please choose a class.' })
  class_id?: string;
}

/** Parents Contact (docs/product.md §2 Admin shell): as JSON, a spreadsheet and a PDF. */
@Roles('admin')
@Controller('api/parents-contact')
export class ParentsContactController {
  constructor(private readonly contacts: ParentsContactService) {}

  @ApiRoute({
    summary: 'Parents contact list',
    description: "Every student's parents and emergency contact; ?class_id= for one class.",
    ok: { description: 'One row per student.', schema: { type: 'array', items: ref('ParentsContactRow') } },
    errors: { 404: 'No such class' },
  })
  @Get()
  list(@Query() q: ParentsContactQuery): Promise<ParentsContactRow[]> {
    return this.contacts.rows(q.class_id);
  }

  @ApiRoute({
    summary: 'Parents contact list as a spreadsheet',
    ok: { description: 'The workbook.', file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    errors: { 404: 'No such class' },
  })
  @Get('spreadsheet')
  async spreadsheet(@Query() q: ParentsContactQuery, @Res() res: Response): Promise<void> {
    await streamOrAbort(res, async () => {
      const rows = await this.contacts.rows(q.class_id);
      attachmentHeaders(res, this.contacts.fileName(q.class_id, 'xlsx'));
      await this.contacts.writeSpreadsheet(res, rows);
    });
  }

  @ApiRoute({
    summary: 'Parents contact list as a PDF',
    ok: { description: 'The PDF.', file: 'application/pdf' },
    errors: { 404: 'No such class', 503: 'PDFs cannot be made now (Chromium unavailable or busy)' },
  })
  @Get('pdf')
  async pdf(@Query() q: ParentsContactQuery): Promise<StreamableFile> {
    return pdfFile(await this.contacts.renderPdf(q.class_id), this.contacts.fileName(q.class_id, 'pdf'));
  }
}
