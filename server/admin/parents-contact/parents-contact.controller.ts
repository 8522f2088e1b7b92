import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { IsOptional, Matches } from 'class-validator';
import type { ParentsContactRow } from '../../../shared/admin-types.js';
import { Roles } from '../../common/decorators.js';
import { pdfFile } from '../../pdf/pdf-file.js';
import { streamOrAbort } from '../export/stream-or-abort.js';
import { attachmentHeaders } from '../export/xlsx.js';
import { ParentsContactService } from './parents-contact.service.js';

export class ParentsContactQuery {
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,10}$/, { message: 'Please choose a class.' })
  class_id?: string;
}

/** Parents Contact (docs/product.md §2 Admin shell): as JSON, a spreadsheet and a PDF. */
@Roles('admin')
@Controller('api/parents-contact')
export class ParentsContactController {
  constructor(private readonly contacts: ParentsContactService) {}

  @Get()
  list(@Query() q: ParentsContactQuery): Promise<ParentsContactRow[]> {
    return this.contacts.rows(q.class_id);
  }

  @Get('spreadsheet')
  async spreadsheet(@Query() q: ParentsContactQuery, @Res() res: Response): Promise<void> {
    await streamOrAbort(res, async () => {
      const rows = await this.contacts.rows(q.class_id);
      attachmentHeaders(res, this.contacts.fileName(q.class_id, 'xlsx'));
      await this.contacts.writeSpreadsheet(res, rows);
    });
  }

  @Get('pdf')
  async pdf(@Query() q: ParentsContactQuery): Promise<StreamableFile> {
    return pdfFile(await this.contacts.renderPdf(q.class_id), this.contacts.fileName(q.class_id, 'pdf'));
  }
}
