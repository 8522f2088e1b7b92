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
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import {
  type DocumentFile,
  type DocumentVersion,
  MAX_UPLOAD_FILES,
  type StoreFileResponse,
  type StudentDataFiles,
  type UploadLimits,
} from '../../shared/documents.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { StoreFileDto, StudentDataFilesDto } from './dto/store-file.dto.js';
import { FilesService, type UploadedBytes } from './files.service.js';
import { UploadLimitMessage } from './upload.interceptor.js';

@Controller('api')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /**
   * docs/product.md §7 store-file: multipart `file` (up to MAX_UPLOAD_FILES of them, the pages in order), `id`
   * (student), `file_type`. Ownership is checked in the service, once the multipart body has been read (into memory,
   * within the size limits): nothing is stored for a refused call.
   */
  @HttpCode(200)
  @Post('store-file')
  @UseInterceptors(UploadLimitMessage, FilesInterceptor('file', MAX_UPLOAD_FILES))
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
  getFiles(@Param('studentId') studentId: string): Promise<DocumentFile[]> {
    return this.files.currentFiles(studentId);
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @Get('student-data-files/:studentId')
  studentDataFiles(@Param('studentId') studentId: string): Promise<StudentDataFiles> {
    return this.files.studentDataFiles(studentId);
  }

  @OwnerOrAdmin({ body: 'student_id' })
  @HttpCode(200)
  @Post('student-data-files')
  postStudentDataFiles(@Body() body: StudentDataFilesDto): Promise<StudentDataFiles> {
    return this.files.studentDataFiles(body.student_id);
  }

  /** Every version ever uploaded for a student, replaced ones included (administrators). */
  @Roles('admin')
  @Get('file-versions/:studentId')
  versions(@Param('studentId') studentId: string): Promise<DocumentVersion[]> {
    return this.files.versions(studentId);
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
