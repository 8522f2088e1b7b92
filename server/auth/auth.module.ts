import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StudentsModule } from '../students/students.module.js';
import { GuardianLinksModule } from '../guardian-links/guardian-links.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { SessionAccount } from './session-account.js';
import { AuthService } from './auth.service.js';
import { Csrf } from './csrf.js';
import { DbSessionStore, PRUNE_INTERVAL_MS } from './db-session-store.js';
import { IntervalJobs } from '../common/interval-jobs.js';
import { SharedCache } from '../cache/shared-cache.js';
import { DeviceCookies } from './device-cookies.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { AdminMfa, AdminMfaRecoveryCode } from './mfa/admin-mfa.entity.js';
import { MfaController } from './mfa/mfa.controller.js';
import { MfaService } from './mfa/mfa.service.js';
import { PasswordRecoveryController } from './recovery/password-recovery.controller.js';
import { PasswordRecoveryService } from './recovery/password-recovery.service.js';
import { PasswordResetToken } from './recovery/password-reset-token.entity.js';
import { signInThrottlerOptions } from './sign-in-throttler.guard.js';
import { DbThrottlerStorage } from '../common/throttling/db-throttler-storage.js';
import { ThrottlingModule } from '../common/throttling/throttling.module.js';

@Module({
  imports: [
    ThrottlingModule,
    UsersModule,
    StudentsModule,
    MailModule,
    GuardianLinksModule,
    TypeOrmModule.forFeature([LoginThrottle, AdminMfa, AdminMfaRecoveryCode, PasswordResetToken]),
    ThrottlerModule.forRootAsync({
      imports: [ThrottlingModule],
      inject: [DbThrottlerStorage],
      useFactory: signInThrottlerOptions,
    }),
  ],
  controllers: [AuthController, MfaController, PasswordRecoveryController],
  providers: [
    AuthService,
    LoginThrottleService,
    MfaService,
    PasswordRecoveryService,
    SessionAccount,
    { provide: APP_GUARD, useClass: AuthGuard },
    {
      provide: DeviceCookies,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new DeviceCookies(c.sessionSecret, c.secureCookies),
    },
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
  exports: [UsersModule, DbSessionStore, Csrf, AuthService, SessionAccount, MfaService, PasswordRecoveryService],
})
export class AuthModule {}
