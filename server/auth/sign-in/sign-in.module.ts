import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DbThrottlerStorage } from '../../common/throttling/db-throttler-storage.js';
import { ThrottlingModule } from '../../common/throttling/throttling.module.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { GuardianLinksModule } from '../../guardian-links/guardian-links.module.js';
import { MailModule } from '../../mail/mail.module.js';
import { StudentsModule } from '../../students/students.module.js';
import { UsersModule } from '../../users/users.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AuthService } from './auth.service.js';
import { DeviceCookies } from './device-cookies.js';
import { LoginThrottle } from './login-throttle.entity.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { signInThrottlerOptions } from './sign-in-throttler.guard.js';

/**
 * Signing in with a password, on top of the sessions: the checks of each kind of account, the lockout
 * (the `login_throttle` table), the device cookies that spare a known device the lockout, the password change,
 * and the per-address limit of the sign-in routes.
 */
@Module({
  imports: [
    SessionsModule,
    ThrottlingModule,
    UsersModule,
    StudentsModule,
    MailModule,
    GuardianLinksModule,
    TypeOrmModule.forFeature([LoginThrottle]),
    ThrottlerModule.forRootAsync({
      imports: [ThrottlingModule],
      inject: [DbThrottlerStorage],
      useFactory: signInThrottlerOptions,
    }),
  ],
  providers: [
    AuthService,
    LoginThrottleService,
    {
      provide: DeviceCookies,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new DeviceCookies(c.sessionSecret, c.secureCookies),
    },
  ],
  exports: [AuthService, LoginThrottleService, DeviceCookies],
})
export class SignInModule {}
