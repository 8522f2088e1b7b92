import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { GuardianInvitation } from './entities/guardian-invitation.entity.js';
import { GuardianInvitationsRepository } from './guardian-invitations.repository.js';
import { GuardianInvitationsService } from './guardian-invitations.service.js';
import { GuardiansController } from './guardians.controller.js';
import { GuardiansService } from './guardians.service.js';
import { GuardianLinksModule } from '../guardian-links/guardian-links.module.js';
import { ThrottlingModule } from '../common/throttling/throttling.module.js';

/**
 * Guardian accounts (docs/product.md §11): invitations and their acceptance, the office's view and unlinking.
 * Signing in is the auth module's (POST /api/guardian-login); who may act for a student is GuardianLinksModule's.
 * Exports the invitations for the student import and the office's view for the subject-access export.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([GuardianInvitation]),
    AuthModule,
    ThrottlingModule,
    MailModule,
    StudentsModule,
    UsersModule,
    GuardianLinksModule,
  ],
  controllers: [GuardiansController],
  providers: [GuardianInvitationsRepository, GuardianInvitationsService, GuardiansService],
  exports: [GuardianInvitationsService, GuardiansService],
})
export class GuardiansModule {}
