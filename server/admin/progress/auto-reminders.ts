import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IntervalJobs } from '../../common/interval-jobs.js';
import { localDate } from '../../common/time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { RegistrationWindow } from '../../students/registration-window.js';
import { RegistrationRemindersService } from './registration-reminders.service.js';

const CHECK_EVERY_MS = 60 * 60_000;
const JOB = 'auto-reminders';

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * With REMINDER_DAYS_BEFORE_DEADLINE set, the portal reminds every unfinished family once, that many days
 * before the deadline (or on the first check after, while registration is still open). Checked at start
 * and every hour; the mailing is recorded with the deadline in its key, so a new deadline gets its own.
 */
@Injectable()
export class AutoReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly window: RegistrationWindow,
    private readonly reminders: RegistrationRemindersService,
    private readonly jobs: IntervalJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.mail.reminderDaysBeforeDeadline === null) return;
    const check = this.jobs.every(
      JOB,
      CHECK_EVERY_MS,
      () => this.run(),
      (e) => this.logger.error({ msg: 'reminder check failed', error: String(e) }),
    );
    check();
  }

  onModuleDestroy(): void {
    this.jobs.stop(JOB);
  }

  /** Queues the reminder when it is due and was not queued yet; answers how many messages it queued. */
  async run(now: Date = new Date()): Promise<number> {
    const days = this.config.mail.reminderDaysBeforeDeadline;
    if (days === null) return 0;
    const status = await this.window.status();
    if (!status.editable || !status.deadline) return 0;
    const left = daysBetween(localDate(now, this.config.timeZone), status.deadline);
    if (left > days || left < 1) return 0;
    const result = await this.reminders.sendToAllOnce(`auto-reminder:${status.deadline}`);
    if (result) this.logger.log({ msg: 'deadline reminder queued', ...result, deadline: status.deadline });
    return result?.queued ?? 0;
  }
}
