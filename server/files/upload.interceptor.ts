import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  UnprocessableEntityException,
} from '@nestjs/common';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { finalize, from, type Observable, switchMap } from 'rxjs';
import { MAX_UPLOAD_FILES, UPLOAD_MESSAGES, uploadLimitsFor } from '../../shared/documents.js';
import type { SessionUser } from '../common/session-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StudentAccess } from '../guardian-links/student-access.js';
import { RegistrationWindow } from '../students/registration-window.js';
import type { UploadedBytes } from './upload-content.js';
import { UploadGate } from './upload-gate.js';

/** Room for the multipart boundaries, part headers and the text fields around the files. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** The text fields of the route: `id`, `file_type` (and room for a stray one, refused by validation). */
const MAX_FIELDS = 4;
const MAX_FIELD_BYTES = 1024;

const refuse = (message: string) => new UnprocessableEntityException({ message, errors: { file: [message] } });

/**
 * Reads the multipart body of POST /api/store-file (busboy, the parser multer uses) into memory, in place of
 * multer, so that nothing is read that is not needed (docs/product.md §5 Uploads):
 * - before any of it: an upload place of the account (UploadGate: 429 / 503 with Retry-After) and the body's
 *   declared size (413);
 * - when the first file part begins, and before any of its bytes are read: the `id` field must have come
 *   (422), she must be allowed to act for that student (403) while registration is open (403), and the
 *   account's uploads in the last ten minutes are counted (429). A refusal is answered at once: the rest of
 *   the body is discarded unread, and the connection closed after the answer;
 * - while reading: each file within UPLOAD_MAX_MB and all within 4 × it, however the body is sent (a chunked
 *   body declares no size), at most MAX_UPLOAD_FILES files (413).
 * The files end up in `req.files` ({originalname, buffer}) and the fields in `req.body`, for @UploadedFiles()
 * and @Body(). FilesService checks ownership and sizes again.
 */
@Injectable()
export class UploadReader implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gate: UploadGate,
    private readonly access: StudentAccess,
    private readonly window: RegistrationWindow,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { files?: UploadedBytes[] }>();
    const res = http.getResponse<Response>();
    const { max_total_mb: totalMb } = uploadLimitsFor(this.config.uploadMaxMb);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > totalMb * 1024 * 1024 + MULTIPART_OVERHEAD) {
      closeAfterAnswer(req, res);
      throw new PayloadTooLargeException(UPLOAD_MESSAGES.tooLargeTotal(totalMb));
    }
    const user = req.user as SessionUser;
    let leave: () => void;
    try {
      leave = this.gate.enter(user);
    } catch (e) {
      closeAfterAnswer(req, res); // the body that was to come is not read
      throw e;
    }
    return from(
      this.read(req, res, user).catch((e: unknown) => {
        leave();
        throw e;
      }),
    ).pipe(
      switchMap(({ fields, files }) => {
        req.body = fields;
        req.files = files;
        return next.handle();
      }),
      finalize(leave),
    );
  }

  /** The first check when a file part begins: before any file byte is read. */
  private async admit(user: SessionUser, id: string | undefined): Promise<void> {
    if (id === undefined) throw refuse(UPLOAD_MESSAGES.idFirst);
    await this.access.assert(user, id);
    await this.window.assertMayEdit(user, id);
    await this.gate.count(user, id);
  }

  private read(
    req: Request,
    res: Response,
    user: SessionUser,
  ): Promise<{ fields: Record<string, string>; files: UploadedBytes[] }> {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const files: UploadedBytes[] = [];
    if (!req.is('multipart')) return Promise.resolve({ fields: req.body as Record<string, string>, files });

    const fileBytes = this.config.uploadMaxMb * 1024 * 1024;
    const totalBytes = uploadLimitsFor(this.config.uploadMaxMb).max_total_mb * 1024 * 1024;
    return new Promise((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8', // browsers send file names as UTF-8 without saying so
          limits: {
            fileSize: fileBytes + 1, // one byte over the limit tells a file over it from one at it
            files: MAX_UPLOAD_FILES,
            fields: MAX_FIELDS,
            fieldSize: MAX_FIELD_BYTES + 1,
            fieldNameSize: 50,
            parts: MAX_UPLOAD_FILES + MAX_FIELDS,
            headerPairs: 20,
          },
        });
      } catch {
        reject(new BadRequestException(UPLOAD_MESSAGES.badForm));
        return;
      }
      let settled = false;
      let admitted: Promise<void> | null = null;
      let total = 0;
      const reading: Promise<void>[] = [];

      const fail = (e: unknown) => {
        if (settled) return;
        settled = true;
        req.unpipe(parser);
        closeAfterAnswer(req, res);
        reject(e instanceof HttpException ? e : new BadRequestException(UPLOAD_MESSAGES.badForm));
      };

      parser.on('field', (name, value, info) => {
        if (settled) return;
        if (info.nameTruncated || info.valueTruncated) return fail(new BadRequestException(UPLOAD_MESSAGES.badForm));
        if (Object.hasOwn(fields, name)) return fail(new BadRequestException(UPLOAD_MESSAGES.fieldTwice));
        fields[name] = value;
      });

      parser.on('file', (name, stream, info) => {
        // A body that ends inside a file part ('Unexpected end of form') is an error of this part's stream:
        // without a listener it would be thrown out of the process.
        stream.on('error', (e) => fail(e));
        if (settled) return void stream.resume();
        if (name !== 'file') {
          // Only `file` parts are files here: another name is a form this route does not take.
          stream.resume();
          return fail(new BadRequestException(UPLOAD_MESSAGES.badForm));
        }
        const part: UploadedBytes = { originalname: info.filename ?? '', buffer: Buffer.alloc(0) };
        files.push(part);
        // Nothing of the file is read until she has been admitted: busboy waits, and so does the socket.
        admitted ??= this.admit(user, fields.id);
        reading.push(
          admitted.then(
            () =>
              new Promise<void>((done) => {
                const chunks: Buffer[] = [];
                stream.on('data', (chunk: Buffer) => {
                  total += chunk.length;
                  if (total > totalBytes)
                    fail(new PayloadTooLargeException(UPLOAD_MESSAGES.tooLargeTotal(totalBytes / 1024 / 1024)));
                  if (settled) return void stream.resume();
                  chunks.push(chunk);
                });
                stream.on('limit', () =>
                  fail(new PayloadTooLargeException(UPLOAD_MESSAGES.tooLarge(this.config.uploadMaxMb))),
                );
                stream.on('end', () => {
                  part.buffer = Buffer.concat(chunks);
                  done();
                });
              }),
            (e: unknown) => {
              stream.resume();
              fail(e);
            },
          ),
        );
      });

      parser.on('filesLimit', () => fail(new PayloadTooLargeException(UPLOAD_MESSAGES.tooManyFiles(MAX_UPLOAD_FILES))));
      parser.on('fieldsLimit', () => fail(new BadRequestException(UPLOAD_MESSAGES.badForm)));
      parser.on('partsLimit', () => fail(new BadRequestException(UPLOAD_MESSAGES.badForm)));
      parser.on('error', (e) => fail(e));
      parser.on('close', () => {
        void Promise.all(reading).then(() => {
          if (settled) return;
          settled = true;
          resolve({ fields, files });
        });
      });
      // The connection dropped before the body was complete: nothing is kept.
      req.on('close', () => {
        if (!req.complete) fail(new BadRequestException(UPLOAD_MESSAGES.interrupted));
      });
      req.pipe(parser);
    });
  }
}

/**
 * The answer is sent before the body has been read: what is left of it is discarded as it comes (never kept),
 * and the connection is closed after the answer rather than read to its end.
 */
function closeAfterAnswer(req: Request, res: Response): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  req.resume();
}
