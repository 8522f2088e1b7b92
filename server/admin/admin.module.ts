import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FilesModule } from '../files/files.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { LookupsModule } from '../lookups/lookups.module.js';
import { GuardiansModule } from '../guardians/guardians.module.js';
import { MailModule } from '../mail/mail.module.js';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminAccountsController } from './admin-accounts.controller.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminStudentsController } from './admin-students.controller.js';
import { AdminStudentsService } from './admin-students.service.js';
import { StudentImportController } from './import/student-import.controller.js';
import { StudentImportService } from './import/student-import.service.js';
import { ParentsContactController } from './parents-contact/parents-contact.controller.js';
import { ParentsContactService } from './parents-contact/parents-contact.service.js';
import { RegistrationProgressController } from './progress/registration-progress.controller.js';
import { AutoReminders } from './progress/auto-reminders.js';
import { RegistrationProgressService } from './progress/registration-progress.service.js';
import { RegistrationRemindersService } from './progress/registration-reminders.service.js';
import { RegistrationExportController } from './export/registration-export.controller.js';
import { RegistrationExportService } from './export/registration-export.service.js';

import { RegistrationRoundModule } from '../registration-round/registration-round.module.js';

/** The administrator area's routes: students, password resets, exports, imports, accounts, reports. */
@Module({
  imports: [
    UsersModule,
    AuthModule,
    PdfModule,
    FilesModule,
    LookupsModule,
    StudentsModule,
    MailModule,
    GuardiansModule,
    RegistrationRoundModule,
  ],
  controllers: [
    AdminStudentsController,
    RegistrationExportController,
    AdminAccountsController,
    StudentImportController,
    ParentsContactController,
    RegistrationProgressController,
  ],
  providers: [
    AdminStudentsService,
    RegistrationExportService,
    AdminAccountsService,
    StudentImportService,
    ParentsContactService,
    RegistrationProgressService,
    RegistrationRemindersService,
    AutoReminders,
  ],
})
export class AdminModule {}
