import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GuardianLinksModule } from '../guardian-links/guardian-links.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { MfaModule } from './mfa/mfa.module.js';
import { RecoveryModule } from './recovery/recovery.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SignInModule } from './sign-in/sign-in.module.js';

/**
 * Auth's top: the sign-in and sign-out routes (which choose between a session and the second step) and the global
 * guard (a session, the roles, an administrator's enrolment in two-step sign-in), over its parts, which import each
 * other one way: sessions <- sign-in <- mfa <- recovery. The other features import this module.
 */
@Module({
  imports: [UsersModule, GuardianLinksModule, SessionsModule, SignInModule, MfaModule, RecoveryModule],
  controllers: [AuthController],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
  exports: [UsersModule, SessionsModule, SignInModule, MfaModule, RecoveryModule],
})
export class AuthModule {}
