import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, nextAttemptAt } from './retry-schedule.js';

const queued = new Date('2026-11-24T12:00:00.000Z');
const at = (ms: number) => new Date(queued.getTime() + ms);
const MIN = 60_000;

describe('nextAttemptAt', () => {
  it('waits about 1, 5 and 30 minutes, then 2 hours between tries', () => {
    expect(nextAttemptAt(queued, 1, queued)).toEqual(at(1 * MIN));
    expect(nextAttemptAt(queued, 2, at(1 * MIN))).toEqual(at(6 * MIN));
    expect(nextAttemptAt(queued, 3, at(6 * MIN))).toEqual(at(36 * MIN));
    expect(nextAttemptAt(queued, 4, at(36 * MIN))).toEqual(at(156 * MIN));
    expect(nextAttemptAt(queued, 9, at(600 * MIN))).toEqual(at(720 * MIN));
  });

  it('gives up when the next try would be more than 24 hours after the message was queued', () => {
    expect(nextAttemptAt(queued, 12, at(GIVE_UP_AFTER_MS - 120 * MIN))).toEqual(at(GIVE_UP_AFTER_MS));
    expect(nextAttemptAt(queued, 13, at(GIVE_UP_AFTER_MS - 119 * MIN))).toBeNull();
  });

  it('counts 24 hours from when an administrator queued it again, not from when it was first written', () => {
    const requeued = at(3 * GIVE_UP_AFTER_MS);
    expect(nextAttemptAt(requeued, 1, requeued)).toEqual(new Date(requeued.getTime() + MIN));
  });
});
