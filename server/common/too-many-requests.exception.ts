import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with a Retry-After header (set by the ApiExceptionFilter from `retryAfter`). */
export class TooManyRequestsException extends HttpException {
  constructor(message: string, retryAfterSeconds: number) {
    super({ message, retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
