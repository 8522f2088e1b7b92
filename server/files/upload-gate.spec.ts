import { HttpException } from '@nestjs/common';
import type { DbThrottlerStorage } from '../common/throttling/db-throttler-storage.js';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../common/session-user.js';
import { UPLOADS_IN_FLIGHT_PER_ACCOUNT, UPLOADS_IN_FLIGHT_TOTAL, UploadGate } from './upload-gate.js';

const account = (id: number) => ({ id, role: 'student', student_id: `S${id}` }) as SessionUser;

function refusal(enter: () => unknown): { status: number; retryAfter?: number; message: string } {
  try {
    enter();
  } catch (e) {
    const answer = (e as HttpException).getResponse() as { retryAfter?: number; message: string };
    return { status: (e as HttpException).getStatus(), retryAfter: answer.retryAfter, message: answer.message };
  }
  throw new Error('not refused');
}

describe('UploadGate: uploads in flight', () => {
  it('an account has two places, the process eight; each place comes back once', () => {
    const gate = new UploadGate({} as DbThrottlerStorage);
    const leaves = [gate.enter(account(1)), gate.enter(account(1))];
    expect(UPLOADS_IN_FLIGHT_PER_ACCOUNT).toBe(2);
    expect(refusal(() => gate.enter(account(1)))).toMatchObject({ status: 429, retryAfter: 10 });

    for (let n = 2; leaves.length < UPLOADS_IN_FLIGHT_TOTAL; n++) leaves.push(gate.enter(account(n)));
    expect(refusal(() => gate.enter(account(99)))).toEqual({
      status: 503,
      retryAfter: 10,
      message: 'Many files are being sent to the school right now. Please try again in a minute.',
    });

    leaves[0]();
    leaves[0](); // twice: still one place
    const again = gate.enter(account(99));
    expect(refusal(() => gate.enter(account(100)))).toMatchObject({ status: 503 });
    again();
    expect(() => gate.enter(account(1))()).not.toThrow();
  });
});
