import { ApiError, errorMessage } from './api-client.js';

/**
 * A refused sign-in in words: the server's message (wrong credentials, locked for a while), as the student sign-in
 * shows it; a 429 without one says how long to wait.
 */
export function signInError(e: unknown): string {
  if (e instanceof ApiError && e.status === 429 && !e.body?.message && e.retryAfterSeconds)
    return `Too many attempts. Please try again in ${Math.ceil(e.retryAfterSeconds / 60)} minutes.`;
  return errorMessage(e);
}
