import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PostingsService } from './postings.service.js';

const EVERY_MS = 60_000;

/**
 * Announces postings whose release time has come (and any a crash left unannounced), every minute on every
 * instance; PostingsService.notifyReleased makes sure each is announced once.
 */
@Injectable()
export class ReleaseScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TermReports');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly postings: PostingsService) {}

  onApplicationBootstrap(): void {
    const run = () =>
      void this.postings
        .notifyReleased()
        .catch((e: unknown) => this.logger.error({ msg: 'release check failed', error: String(e) }));
    this.timer = setInterval(run, EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
