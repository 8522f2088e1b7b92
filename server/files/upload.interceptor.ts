import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';
import { MAX_UPLOAD_FILES, UPLOAD_MESSAGES, uploadLimitsFor } from '../../shared/documents.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Room for the multipart boundaries, part headers and the text fields around the files. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Bound before FilesInterceptor. Refuses a body declared larger than all files together may be before
 * any of it is read, and turns multer's refusals into messages a person can act on (413): a file over
 * UPLOAD_MAX_MB (saying the limit), more files than a document may have.
 */
@Injectable()
export class UploadLimitMessage implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { max_total_mb: totalMb } = uploadLimitsFor(this.config.uploadMaxMb);
    const declared = Number(context.switchToHttp().getRequest<Request>().headers['content-length']);
    if (Number.isFinite(declared) && declared > totalMb * 1024 * 1024 + MULTIPART_OVERHEAD) {
      return throwError(() => new PayloadTooLargeException(UPLOAD_MESSAGES.tooLargeTotal(totalMb)));
    }
    return next.handle().pipe(
      catchError((e: unknown) =>
        throwError(() => {
          if (e instanceof PayloadTooLargeException && multerCode(e) === 'LIMIT_FILE_SIZE') {
            return new PayloadTooLargeException(UPLOAD_MESSAGES.tooLarge(this.config.uploadMaxMb));
          }
          if (
            e instanceof BadRequestException &&
            ['LIMIT_FILE_COUNT', 'LIMIT_UNEXPECTED_FILE'].includes(multerCode(e) ?? '')
          ) {
            return new PayloadTooLargeException(UPLOAD_MESSAGES.tooManyFiles(MAX_UPLOAD_FILES));
          }
          return e;
        }),
      ),
    );
  }
}

/** multer's error code, kept by Nest as the cause of the HTTP exception it makes of it. */
function multerCode(e: Error): string | undefined {
  const cause = (e as Error & { cause?: unknown }).cause;
  return typeof cause === 'object' && cause !== null && 'code' in cause
    ? String((cause as { code: unknown }).code)
    : undefined;
}

/**
 * multer's limits for the one upload route: at most MAX_UPLOAD_FILES files (the pages of one document)
 * of at most UPLOAD_MAX_MB each, a few short fields. All files together are bounded by the declared
 * body size above and checked again once read (FilesService).
 */
export function uploadLimits(config: AppConfig) {
  return {
    fileSize: config.uploadMaxMb * 1024 * 1024,
    files: MAX_UPLOAD_FILES,
    fields: 4,
    fieldSize: 1024,
    fieldNameSize: 50,
    parts: MAX_UPLOAD_FILES + 5,
    headerPairs: 20,
  };
}
