import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { UPLOAD_MESSAGES } from '../../shared/documents.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Bound before FileInterceptor: says how large a file may be when multer's size limit refuses one (413). */
@Injectable()
export class UploadLimitMessage implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((e: unknown) => throwError(() => (e instanceof PayloadTooLargeException
      ? new PayloadTooLargeException(UPLOAD_MESSAGES.tooLarge(this.config.uploadMaxMb))
      : e))));
  }
}

/** multer's limits for the one upload route: one file of at most UPLOAD_MAX_MB, a few short fields. */
export function uploadLimits(config: AppConfig) {
  return {
    fileSize: config.uploadMaxMb * 1024 * 1024,
    files: 1,
    fields: 4,
    fieldSize: 1024,
    fieldNameSize: 50,
    parts: 6,
    headerPairs: 20,
  };
}
