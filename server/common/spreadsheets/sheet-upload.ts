import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { tooLarge } from './refusals.js';

/** What multer's memory storage hands over for the `file` field (the fields the imports use). */
export interface UploadedSheet {
  buffer: Buffer;
  originalname: string;
  size: number;
}

export interface SheetUploadOptions {
  /** the largest file the import takes, in MB */
  maxMb: (config: AppConfig) => number;
  /** the 413 message of a file over that size, in the import's words */
  tooLargeMessage: (maxMb: number) => string;
}

/** multer's error code, kept by Nest as the cause of the HTTP exception it makes of it. */
function multerCode(e: unknown): string | undefined {
  const cause = (e as { cause?: unknown } | null)?.cause;
  return typeof cause === 'object' && cause !== null && 'code' in cause
    ? String((cause as { code: unknown }).code)
    : undefined;
}

function sheetUploadInterceptor(options: SheetUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class SheetUploadInterceptor implements NestInterceptor {
    private readonly multer: NestInterceptor;
    private readonly maxMb: number;

    constructor(@Inject(APP_CONFIG) config: AppConfig) {
      this.maxMb = options.maxMb(config);
      // One file in memory and a few short fields; multer stops reading at the size limit.
      const Multer = FileInterceptor('file', {
        limits: { fileSize: this.maxMb * 1024 * 1024, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
        // Browsers send file names as UTF-8 without saying so; busboy's default is Latin-1.
        defParamCharset: 'utf8',
      });
      this.multer = new Multer();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.multer.intercept(context, next);
      } catch (e) {
        // Multer's own 413 says only 'File too large': say which limit.
        if (e instanceof HttpException && multerCode(e) === 'LIMIT_FILE_SIZE')
          throw tooLarge(options.tooLargeMessage(this.maxMb));
        throw e;
      }
    }
  }
  return mixin(SheetUploadInterceptor);
}

/** Receives an import's spreadsheet: the multipart `file`, in memory, within the import's size limit. */
export const SheetUpload = (options: SheetUploadOptions) => UseInterceptors(sheetUploadInterceptor(options));
