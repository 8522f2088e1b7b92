import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoReminders } from '../../server/admin/progress/auto-reminders.js';
import type { RegistrationRemindersService } from '../../server/admin/progress/registration-reminders.service.js';
import type { AppConfig } from '../../server/config/app-config.js';
import type { RegistrationWindow } from '../../server/students/registration-window.js';
import type { PostingsService } from '../../server/term-reports/postings.service.js';
import { ReleaseScheduler } from '../../server/term-reports/release-scheduler.js';
import { IntervalJobs, IntervalJobsModule } from '../../server/common/interval-jobs.js';

describe('IntervalJobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a job every period under its name in the SchedulerRegistry, until it is stopped', async () => {
    const registry = new SchedulerRegistry();
    const jobs = new IntervalJobs(registry);
    const job = vi.fn();
    jobs.every('sweep', 1000, job, () => undefined);
    expect(registry.getIntervals()).toEqual(['sweep']);
    await vi.advanceTimersByTimeAsync(3500);
    expect(job).toHaveBeenCalledTimes(3);
    jobs.stop('sweep');
    expect(jobs.isRunning('sweep')).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(job).toHaveBeenCalledTimes(3);
    jobs.stop('sweep'); // stopping twice is harmless (a job stops itself and ScheduleModule clears it again)
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands a failure, thrown or rejected, to onError and keeps ticking', async () => {
    const jobs = new IntervalJobs(new SchedulerRegistry());
    const errors: unknown[] = [];
    let n = 0;
    const tick = jobs.every(
      'flaky',
      100,
      () => {
        n += 1;
        if (n === 1) throw new Error('thrown');
        if (n === 2) return Promise.reject(new Error('rejected'));
        return Promise.resolve();
      },
      (e) => errors.push((e as Error).message),
    );
    tick(); // the run at start
    await vi.advanceTimersByTimeAsync(250);
    expect(n).toBe(3);
    expect(errors).toEqual(['thrown', 'rejected']);
    jobs.stop('flaky');
  });

  it('refuses a second job of the same name (two would run in parallel)', () => {
    const jobs = new IntervalJobs(new SchedulerRegistry());
    jobs.every(
      'poll',
      100,
      () => undefined,
      () => undefined,
    );
    expect(() =>
      jobs.every(
        'poll',
        100,
        () => undefined,
        () => undefined,
      ),
    ).toThrow(/already exists/);
    jobs.stop('poll');
  });
});

describe('IntervalJobsModule in an application', () => {
  it('leaves no timer behind once the application is closed', async () => {
    const ticks: number[] = [];
    @Injectable()
    class Job implements OnApplicationBootstrap {
      constructor(@Inject(IntervalJobs) private readonly jobs: IntervalJobs) {}
      onApplicationBootstrap(): void {
        this.jobs.every(
          'job',
          10,
          () => ticks.push(Date.now()),
          () => undefined,
        );
      }
    }
    @Module({ imports: [IntervalJobsModule], providers: [Job] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const registry = app.get(SchedulerRegistry);
    expect(registry.getIntervals()).toEqual(['job']);
    await new Promise((r) => setTimeout(r, 50));
    await app.close();
    expect(registry.getIntervals()).toEqual([]);
    const seen = ticks.length;
    expect(seen).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(ticks.length).toBe(seen);
  });
});

/** Two instances of the portal on one database: each ticks, and the database claim decides who does the work. */
describe('scheduled jobs honour their database claims', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-09-01T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  const config = { timeZone: 'America/Port_of_Spain', mail: { reminderDaysBeforeDeadline: 3 } } as AppConfig;
  const window = { status: () => Promise.resolve({ editable: true, deadline: '2026-09-03' }) } as RegistrationWindow;

  it('queues the deadline reminder once although every instance checks every hour', async () => {
    // The once-only key: the first claim of a run key wins, as OutboxService.claimRun's insert does.
    const claimed = new Set<string>();
    const queued: string[] = [];
    const reminders = {
      sendToAllOnce: (key: string) => {
        if (claimed.has(key)) return Promise.resolve(null);
        claimed.add(key);
        queued.push(key);
        return Promise.resolve({ queued: 5, students: 5, without_address: 0 });
      },
    } as unknown as RegistrationRemindersService;
    const instances = [0, 1].map(
      () => new AutoReminders(config, window, reminders, new IntervalJobs(new SchedulerRegistry())),
    );
    for (const i of instances) i.onApplicationBootstrap();
    await vi.advanceTimersByTimeAsync(3 * 3_600_000);
    expect(queued).toEqual(['auto-reminder:2026-09-03']);
    for (const i of instances) i.onModuleDestroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not schedule the reminder check when no reminder is configured', () => {
    const registry = new SchedulerRegistry();
    const off = { ...config, mail: { ...config.mail, reminderDaysBeforeDeadline: null } } as AppConfig;
    new AutoReminders(
      off,
      window,
      {} as RegistrationRemindersService,
      new IntervalJobs(registry),
    ).onApplicationBootstrap();
    expect(registry.getIntervals()).toEqual([]);
  });

  it('asks for the release announcements every minute and logs a failed check', async () => {
    let calls = 0;
    const postings = {
      notifyReleased: () => (++calls === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve(0)),
    } as unknown as PostingsService;
    const scheduler = new ReleaseScheduler(postings, new IntervalJobs(new SchedulerRegistry()));
    const logged = vi.spyOn(scheduler['logger'], 'error').mockImplementation(() => undefined);
    scheduler.onApplicationBootstrap();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(calls).toBe(3);
    expect(logged).toHaveBeenCalledWith({ msg: 'release check failed', error: 'Error: database gone' });
    scheduler.onModuleDestroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
