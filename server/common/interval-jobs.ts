import { Global, Injectable, Module } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';

/**
 * The server's periodic jobs (outbox delivery, deadline reminders, term-report release, the session sweep, the shared
 * cache's read of changes, the sweep of the stored files' folders), each registered by name in @nestjs/schedule's
 * SchedulerRegistry. Their periods come from configuration or from the job itself, so they are registered when the job
 * starts rather than declared with @Interval. ScheduleModule clears every registered interval when the application
 * shuts down (before its database closes); a job may also stop itself earlier with stop(). No job's timer keeps the
 * process alive on its own (unref), and none outlives app.close().
 *
 * Which instance does a run's work is not decided here: every instance ticks, and each job claims its work in the
 * database (the outbox's lease on a message, the reminder's once-only key, the release's announced mark).
 */
@Injectable()
export class IntervalJobs {
  constructor(private readonly registry: SchedulerRegistry) {}

  /**
   * Runs `job` every `everyMs` under `name`; a failure (thrown or rejected) goes to `onError` and the next tick runs
   * as usual. Answers the tick, for a job that also runs once at start.
   */
  every(name: string, everyMs: number, job: () => unknown, onError: (e: unknown) => void): () => void {
    const tick = () => void Promise.resolve().then(job).catch(onError);
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.registry.addInterval(name, timer);
    return tick;
  }

  /** Stops the job registered under `name`, if it is running. */
  stop(name: string): void {
    if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
  }

  isRunning(name: string): boolean {
    return this.registry.doesExist('interval', name);
  }
}

/** ScheduleModule, and IntervalJobs for every module. */
@Global()
@Module({ imports: [ScheduleModule.forRoot()], providers: [IntervalJobs], exports: [IntervalJobs] })
export class IntervalJobsModule {}
