import { Module } from '@nestjs/common';
import { LookupsModule } from '../lookups/lookups.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { UsersModule } from '../users/users.module.js';
import { AddressWriters } from './address-writers.js';
import { RegistrationStatusRepository } from './registration-status.repository.js';
import { RegistrationWindow } from './registration-window.js';
import { RegistrationWindowController } from './registration-window.controller.js';
import { StudentIdLookup } from './student-id-lookup.js';
import { StudentsController } from './students.controller.js';
import { StudentsRepository } from './students.repository.js';
import { StudentsService } from './students.service.js';
import { RecordChangeHooks } from './record-change-hooks.js';
import { TermsAgreement } from './terms-agreement.js';
import { ThrottlingModule } from '../common/throttling/throttling.module.js';

/**
 * The registration record: owns the students table (StudentsRepository, its one way in), who wrote its addresses
 * (AddressWriters), the registration window and the stamp of the terms' agreement.
 */
@Module({
  imports: [ThrottlingModule, LookupsModule, TermsModule, UsersModule],
  controllers: [StudentsController, RegistrationWindowController],
  providers: [
    StudentsService,
    StudentIdLookup,
    StudentsRepository,
    RegistrationStatusRepository,
    RegistrationWindow,
    AddressWriters,
    TermsAgreement,
    RecordChangeHooks,
  ],
  exports: [StudentsService, StudentsRepository, RegistrationWindow, AddressWriters, TermsAgreement, RecordChangeHooks],
})
export class StudentsModule {}
