import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES } from '../../shared/constants.js';
import type { ApiErrorBody } from '../../shared/api-types.js';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  401: MESSAGES.signInRequired,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  413: 'The file is too large.',
  415: 'That type of file is not accepted.',
  422: 'Please correct the highlighted fields.',
  429: 'Too many requests. Please wait and try again.',
};

/** Multer and body-parser report limits as plain errors with a code or status. */
function statusOfPlainError(err: unknown): number | null {
  const e = err as { code?: string; status?: number; type?: string };
  if (e?.code === 'LIMIT_FILE_SIZE' || e?.type === 'entity.too.large') return 413;
  if (typeof e?.code === 'string' && e.code.startsWith('LIMIT_')) return 400;
  if (e?.type === 'entity.parse.failed') return 400;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return e.status;
  return null;
}

/**
 * One error shape for every API answer: { statusCode, message, errors? }. Never a stack trace or SQL:
 * unexpected errors are logged with the request id and answered with a plain 500 message.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const retryAfter = (exception.getResponse() as { retryAfter?: number })?.retryAfter;
      if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    }
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const r = (typeof response === 'object' && response !== null ? response : {}) as Partial<ApiErrorBody> & {
        message?: unknown;
      };
      let message =
        typeof response === 'string'
          ? response
          : typeof r.message === 'string'
            ? r.message
            : Array.isArray(r.message)
              ? String(r.message[0])
              : (DEFAULT_MESSAGES[status] ?? exception.message);
      // Nest's own "Cannot GET /api/x" names the route; answer unknown routes plainly.
      if (status === 404 && message.startsWith('Cannot ')) message = MESSAGES.notFound;
      return {
        statusCode: status,
        message,
        ...(r.errors ? { errors: r.errors } : {}),
        ...(r.current ? { current: r.current } : {}),
        ...(r.reason ? { reason: r.reason } : {}),
      };
    }
    const plain = statusOfPlainError(exception);
    if (plain) return { statusCode: plain, message: DEFAULT_MESSAGES[plain] ?? 'The request was refused.' };
    this.logger.error({
      msg: 'unhandled error',
      method: req.method,
      path: req.path,
      error: exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception),
      stack: exception instanceof Error ? exception.stack : undefined,
    });
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: MESSAGES.serverError };
  }
}
