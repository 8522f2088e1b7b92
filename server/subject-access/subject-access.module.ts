import { Module } from '@nestjs/common';
import { RegistrationRoundModule } from '../registration-round/registration-round.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { FilesModule } from '../files/files.module.js';
import { GuardiansModule } from '../guardians/guardians.module.js';
import { StudentsModule } from '../students/students.module.js';
import { TermReportsModule } from '../term-reports/term-reports.module.js';
import { UsersModule } from '../users/users.module.js';
import { SubjectAccessController } from './subject-access.controller.js';
import { SubjectAccessService } from './subject-access.service.js';

/** Data protection: the subject-access export (reads are audited by each reading route, see AuditService). */
@Module({
  imports: [
    StudentsModule,
    UsersModule,
    FilesModule,
    DocumentsModule,
    TermReportsModule,
    GuardiansModule,
    RegistrationRoundModule,
  ],
  controllers: [SubjectAccessController],
  providers: [SubjectAccessService],
})
export class SubjectAccessModule {}
