import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Res,
  StreamableFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  type DocumentFile,
  type DocumentVersion,
  type FileStorageUse,
  type StoreFileResponse,
  type StudentDataFiles,
  type UploadLimits,
} from '../../shared/documents.js';
import { AuditService } from '../audit/audit.service.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { StoreFileDto, StudentDataFilesDto } from './dto/store-file.dto.js';
import { FilesService, type UploadedBytes } from './files.service.js';
import { UploadReader } from './upload.interceptor.js';

@Controller('api')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * docs/product.md §7 store-file: multipart `id` (student), `file_type`, then `file` (up to MAX_UPLOAD_FILES of
   * them, the pages in order). UploadReader checks ownership as soon as the first file begins, before reading it,
   * and reads the files into memory within the size limits; the service checks again: nothing is stored for a
   * refused call.
   */
  @HttpCode(200)
  @Post('store-file')
  @UseInterceptors(UploadReader)
  store(
    @CurrentUser() user: SessionUser,
    @Body() body: StoreFileDto,
    @UploadedFiles() files: UploadedBytes[] | undefined,
  ): Promise<StoreFileResponse> {
    return this.files.store(user, body.id, body.file_type, files ?? []);
  }

  /** What the client checks before sending (the size of each file and of all together, how many). */
  @Get('upload-limits')
  limits(): UploadLimits {
    return this.files.limits();
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @Get('get-files/:studentId')
  async getFiles(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<DocumentFile[]> {
    const files = await this.files.currentFiles(studentId);
    await this.audit.recordRead(user, studentId, 'documents');
    return files;
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @Get('student-data-files/:studentId')
  async studentDataFiles(
    @CurrentUser() user: SessionUser,
    @Param('studentId') studentId: string,
  ): Promise<StudentDataFiles> {
    const files = await this.files.studentDataFiles(studentId);
    await this.audit.recordRead(user, studentId, 'documents');
    return files;
  }

  @OwnerOrAdmin({ body: 'student_id' })
  @HttpCode(200)
  @Post('student-data-files')
  async postStudentDataFiles(
    @CurrentUser() user: SessionUser,
    @Body() body: StudentDataFilesDto,
  ): Promise<StudentDataFiles> {
    const files = await this.files.studentDataFiles(body.student_id);
    await this.audit.recordRead(user, body.student_id, 'documents');
    return files;
  }

  /** Every version ever uploaded for a student, replaced ones included (administrators). */
  @Roles('admin')
  @Get('file-versions/:studentId')
  async versions(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<DocumentVersion[]> {
    const versions = await this.files.versions(studentId);
    await this.audit.recordRead(user, studentId, 'documents');
    return versions;
  }

  /** How much of her storage budget a student's stored versions take (administrators). */
  @Roles('admin')
  @Get('file-storage/:studentId')
  storage(@Param('studentId') studentId: string): Promise<FileStorageUse> {
    return this.files.storageUse(studentId);
  }

  /**
   * One stored version (the `url` of a file). Owner or administrator. The type was verified by its
   * bytes at upload, so the browser may show it (inline); it is never sniffed, cached or allowed to run
   * anything. `?download=1` asks for a download instead.
   */
  @Get('files/:fileId')
  async download(
    @CurrentUser() user: SessionUser,
    @Param('fileId', new ParseIntPipe({ errorHttpStatusCode: 404 })) fileId: number,
    @Query('download') download: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { file, stream } = await this.files.openForDownload(user, fileId);
    try {
      await this.audit.recordRead(
        user,
        file.student_id,
        'document',
        `${file.file_type} "${file.original_name}" (#${file.id})`,
      );
    } catch (e) {
      stream.destroy();
      throw e;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', DOWNLOAD_CSP);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(stream, {
      type: file.mime,
      length: file.size,
      disposition: contentDisposition(download === '1' ? 'attachment' : 'inline', file.original_name),
    });
  }
}

const DOWNLOAD_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** RFC 6266: a plain ASCII fallback name and the exact name in UTF-8. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
