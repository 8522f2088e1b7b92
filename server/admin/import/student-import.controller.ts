import {
  type ArgumentsHost,
  Catch,
  Controller,
  type ExceptionFilter,
  Get,
  HttpCode,
  PayloadTooLargeException,
  Post,
  Query,
  Res,
  StreamableFile,
  UnprocessableEntityException,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Repository } from 'typeorm';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../shared/admin-types.js';
import { CurrentUser, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { House } from '../../lookups/entities/lookups.entities.js';
import { XLSX_TYPE } from '../export/xlsx.js';
import { StudentImportService } from './student-import.service.js';
import { buildStudentTemplate } from './student-template.js';

const NO_FILE = 'Please select a file!';

interface UploadedSheet {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/** Multer stops reading at the size limit with a bare 'File too large'; say which limit. */
@Catch(PayloadTooLargeException)
class ImportTooLargeFilter implements ExceptionFilter {
  catch(e: PayloadTooLargeException, host: ArgumentsHost): void {
    const message =
      e.message === 'File too large'
        ? `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. A student list is far smaller: check it is the right file, or split it.`
        : e.message;
    host.switchToHttp().getResponse<Response>().status(413).json({ statusCode: 413, message });
  }
}

@Roles('admin')
@Controller('api/import-students')
export class StudentImportController {
  constructor(
    private readonly importer: StudentImportService,
    @InjectRepository(House) private readonly houses: Repository<House>,
  ) {}

  /**
   * multipart `file` (.xlsx or .csv), `?dry_run=1` to check only. 200 with the counts when the file
   * was imported (or would be); 422 with the same answer and its row errors when nothing was written.
   */
  @Post()
  @HttpCode(200)
  @UseFilters(ImportTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } }))
  async import(
    @CurrentUser() user: SessionUser,
    @UploadedFile() file: UploadedSheet | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportResult & { statusCode?: number; message?: string }> {
    if (!file || file.size === 0)
      throw new UnprocessableEntityException({ message: NO_FILE, errors: { file: [NO_FILE] } });
    const result = await this.importer.import(
      file,
      ['1', 'true', 'on', 'yes'].includes(String(dryRun ?? '').toLowerCase()),
      user,
    );
    if (result.errors.length === 0) return result;
    res.status(422);
    const n = result.errors.length;
    return {
      statusCode: 422,
      message: `The file has ${n} ${n === 1 ? 'error' : 'errors'}; nothing was imported.`,
      ...result,
    };
  }

  @Get('template')
  async template(): Promise<StreamableFile> {
    const bytes = await buildStudentTemplate(await this.houses.find({ order: { id: 'ASC' } }));
    return new StreamableFile(bytes, {
      type: XLSX_TYPE,
      disposition: 'attachment; filename="Student Import Template.xlsx"',
      length: bytes.length,
    });
  }
}
