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
import { ApiMultipart, ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';
import { ApiParam, ApiQuery } from '@nestjs/swagger';
import { DOCUMENT_TYPES } from '../../shared/constants.js';

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
  @ApiRoute({
    summary: 'Upload a document',
    description:
      'Multipart: `id` (the student), `file_type`, then one or more `file` parts (the pages in order), which become ' +
      "the document's current version.",
    ok: { description: 'Stored.', schema: ref('StoreFileResponse') },
    errors: {
      400: 'The multipart body is malformed, or its fields come in the wrong order',
      404: 'No such student',
      413: "A file, all files together or the student's storage budget is over its limit, or too many files",
      415: 'A file is not an accepted type (checked by its bytes)',
      422: 'A file is empty, damaged or not readable',
      429: 'Another upload of this account is in progress, or too many uploads',
      503: 'Too many uploads in progress on the server',
    },
  })
  @ApiMultipart(
    {
      id: { type: 'string', description: 'The student ID.' },
      file_type: { type: 'string', enum: Object.keys(DOCUMENT_TYPES) },
      file: { type: 'array', items: { type: 'string', format: 'binary' } },
    },
    ['id', 'file_type', 'file'],
  )
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
  @ApiRoute({
    summary: 'Upload limits',
    ok: { description: 'The largest file, all files together, and how many.', schema: ref('UploadLimits') },
  })
  @Get('upload-limits')
  limits(): UploadLimits {
    return this.files.limits();
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's current documents",
    ok: { description: 'The current version of each document.', schema: { type: 'array', items: ref('DocumentFile') } },
    errors: { 404: 'No such student' },
  })
  @Get('get-files/:studentId')
  async getFiles(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<DocumentFile[]> {
    const files = await this.files.currentFiles(studentId);
    await this.audit.recordRead(user, studentId, 'documents');
    return files;
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's documents by type",
    ok: { description: 'Each document type with its current file, or null.', schema: ref('StudentDataFiles') },
    errors: { 404: 'No such student' },
  })
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
  @ApiRoute({
    summary: "A student's documents by type (for the old client)",
    description:
      'Changes nothing: answers the record of current files as GET /api/student-data-files/{studentId} does.',
    ok: { description: 'Each document type with its current file, or null.', schema: ref('StudentDataFiles') },
    errors: { 404: 'No such student' },
  })
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
  @ApiRoute({
    summary: "Every version of a student's documents",
    ok: { description: 'Replaced versions included.', schema: { type: 'array', items: ref('DocumentVersion') } },
    errors: { 404: 'No such student' },
  })
  @Get('file-versions/:studentId')
  async versions(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<DocumentVersion[]> {
    const versions = await this.files.versions(studentId);
    await this.audit.recordRead(user, studentId, 'documents');
    return versions;
  }

  /** How much of her storage budget a student's stored versions take (administrators). */
  @Roles('admin')
  @ApiRoute({
    summary: "A student's storage use",
    ok: { description: 'Bytes stored and the budget.', schema: ref('FileStorageUse') },
    errors: { 404: 'No such student' },
  })
  @Get('file-storage/:studentId')
  storage(@Param('studentId') studentId: string): Promise<FileStorageUse> {
    return this.files.storageUse(studentId);
  }

  /**
   * One stored version (the `url` of a file). Owner or administrator. The type was verified by its
   * bytes at upload, so the browser may show it (inline); it is never sniffed, cached or allowed to run
   * anything. `?download=1` asks for a download instead.
   */
  @ApiRoute({
    summary: 'One stored file',
    description: 'Shown inline; ?download=1 asks for a download. Its owner, her guardians or an administrator.',
    ok: { description: "The file's bytes, as uploaded (PDF or JPEG).", file: 'application/octet-stream' },
    errors: { 404: 'No such file, or not one this account may see' },
  })
  @ApiParam({ name: 'fileId', schema: { type: 'integer' } })
  @ApiQuery({ name: 'download', required: false, schema: { type: 'string', enum: ['1'] } })
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
