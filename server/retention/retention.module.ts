import { Module } from '@nestjs/common';
import { TermReportsModule } from '../term-reports/term-reports.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { FilesModule } from '../files/files.module.js';
import { GuardiansModule } from '../guardians/guardians.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { RegistrationRoundModule } from '../registration-round/registration-round.module.js';
import { RetentionController } from './retention.controller.js';
import { RetentionPolicyRepository } from './retention-policy.repository.js';
import { RetentionService } from './retention.service.js';

/**
 * Retention of former students' personal data (docs/product.md §12.4): owns retention_policy; the deletion calls the
 * owner of each table it empties.
 */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    StudentsModule,
    FilesModule,
    DocumentsModule,
    MailModule,
    GuardiansModule,
    TermReportsModule,
    RegistrationRoundModule,
  ],
  controllers: [RetentionController],
  providers: [RetentionService, RetentionPolicyRepository],
})
export class RetentionModule {}
