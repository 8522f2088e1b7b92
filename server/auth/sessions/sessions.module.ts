import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SharedCache } from '../../cache/shared-cache.js';
import { IntervalJobs } from '../../common/interval-jobs.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StudentsModule } from '../../students/students.module.js';
import { UsersModule } from '../../users/users.module.js';
import { Csrf } from './csrf.js';
import { DbSessionStore, PRUNE_INTERVAL_MS } from './db-session-store.js';
import { SessionAccount } from './session-account.js';

/**
 * The lowest part of auth: the session store (the `sessions` table), the session cookie, the account snapshot a
 * session carries, and the CSRF token bound to the session. It knows nothing of how a session was started.
 */
@Module({
  imports: [UsersModule, StudentsModule],
  providers: [
    SessionAccount,
    { provide: Csrf, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new Csrf(c.sessionSecret, c.secureCookies) },
    {
      provide: DbSessionStore,
      inject: [DataSource, APP_CONFIG, SharedCache, IntervalJobs],
      useFactory: (ds: DataSource, c: AppConfig, cache: SharedCache, jobs: IntervalJobs) => {
        const store = new DbSessionStore(ds, c.sessionIdleMinutes * 60_000, cache);
        // Expired sessions are deleted on every instance (a plain DELETE: running it twice does no harm).
        jobs.every(
          'session-prune',
          PRUNE_INTERVAL_MS,
          () => store.prune(),
          () => undefined,
        );
        return store;
      },
    },
  ],
  exports: [DbSessionStore, Csrf, SessionAccount],
})
export class SessionsModule {}
