import { describe, expect, it } from 'vitest';
import type { IntervalJobs } from '../common/interval-jobs.js';
import type { PostingsService } from './postings.service.js';
import { ReleaseScheduler } from './release-scheduler.js';

describe('ReleaseScheduler (unit)', () => {
  it('checks for released postings every minute from the start, and stops with the module', async () => {
    const jobs: { name: string; everyMs: number; job: () => unknown; onError: (e: unknown) => void }[] = [];
    const stopped: string[] = [];
    const fakeJobs = {
      every: (name: string, everyMs: number, job: () => unknown, onError: (e: unknown) => void) => {
        jobs.push({ name, everyMs, job, onError });
        return () => undefined;
      },
      stop: (name: string) => stopped.push(name),
    } as unknown as IntervalJobs;
    let checks = 0;
    const postings = { notifyReleased: async () => ++checks } as unknown as PostingsService;
    const scheduler = new ReleaseScheduler(postings, fakeJobs);

    scheduler.onApplicationBootstrap();
    expect(jobs.map((j) => [j.name, j.everyMs])).toEqual([['term-report-release', 60_000]]);
    await jobs[0].job();
    expect(checks).toBe(1);
    expect(() => jobs[0].onError(new Error('database away'))).not.toThrow();

    scheduler.onModuleDestroy();
    expect(stopped).toEqual(['term-report-release']);
  });
});
