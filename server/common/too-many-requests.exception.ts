import { HttpException, HttpStatus } from '@nestjs/common';
import { waitPhrase, type WaitMessage } from '../../shared/waiting.js';

/**
 * Every 429 of the portal: a Retry-After header (set by the ApiExceptionFilter from `retryAfter`) and a message that
 * says how long to wait, in minutes from the same figure (shared/waiting.ts).
 */
export class TooManyRequestsException extends HttpException {
  constructor(message: WaitMessage, retryAfterSeconds: number) {
    const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    super({ message: message(waitPhrase(retryAfter)), retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
