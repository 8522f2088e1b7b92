import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IntervalJobs } from '../common/interval-jobs.js';
import { PostingsService } from './postings.service.js';

const EVERY_MS = 60_000;
const JOB = 'term-report-release';

/**
 * Announces postings whose release time has come (and any a crash left unannounced), every minute on every
 * instance; PostingsService.notifyReleased makes sure each is announced once.
 */
@Injectable()
export class ReleaseScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TermReports');

  constructor(
    private readonly postings: PostingsService,
    private readonly jobs: IntervalJobs,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.every(
      JOB,
      EVERY_MS,
      () => this.postings.notifyReleased(),
      (e) => this.logger.error({ msg: 'release check failed', error: String(e) }),
    );
  }

  onModuleDestroy(): void {
    this.jobs.stop(JOB);
  }
}
