import { HttpException } from '@nestjs/common';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SessionUser } from '../../server/common/session-user.js';

/** The office's account as a service under a unit spec sees the one who acts. */
export const OFFICE_ADMIN: SessionUser = {
  id: 1,
  role: 'admin',
  student_id: null,
  username: 'office',
  display_name: 'Office',
  password_reset: 0,
  email: null,
};

/** For each test of the file: `new Date()` and `Date.now()` answer `at` (timers run as usual). */
export function freezeDateEachTest(at: Date | string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The HTTP refusal `work` ends with (its status and message are the rule under test); anything else fails. */
export async function refusal(work: Promise<unknown>): Promise<HttpException> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected an HTTP refusal, got ${String(error)}`);
  return error;
}
