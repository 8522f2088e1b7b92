import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../mail/mail.module.js';
import { StudentsModule } from '../../students/students.module.js';
import { ThrottlingModule } from '../../common/throttling/throttling.module.js';
import { UsersModule } from '../../users/users.module.js';
import { MfaModule } from '../mfa/mfa.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { SignInModule } from '../sign-in/sign-in.module.js';
import { PasswordRecoveryController } from './password-recovery.controller.js';
import { PasswordRecoveryService } from './password-recovery.service.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { ResetTokensRepository } from './reset-tokens.repository.js';

/**
 * Password recovery by mail (the `password_reset_tokens` table): a reset ends the account's sessions, clears its
 * lockout, and signs in; an administrator with two-step sign-in on still brings the code.
 */
@Module({
  imports: [
    SessionsModule,
    SignInModule,
    MfaModule,
    UsersModule,
    StudentsModule,
    MailModule,
    ThrottlingModule,
    TypeOrmModule.forFeature([PasswordResetToken]),
  ],
  controllers: [PasswordRecoveryController],
  providers: [PasswordRecoveryService, ResetTokensRepository],
  exports: [PasswordRecoveryService],
})
export class RecoveryModule {}
