import { Module } from '@nestjs/common';
import { LookupsModule } from '../lookups/lookups.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { UsersModule } from '../users/users.module.js';
import { RegistrationWindowController } from './registration-window.controller.js';
import { StudentIdLookup } from './student-id-lookup.js';
import { StudentsController } from './students.controller.js';
import { StudentsDataModule } from './students-data.module.js';
import { StudentsService } from './students.service.js';

/** The registration record: owns the students table (StudentsRepository) and the registration window. */
@Module({
  imports: [StudentsDataModule, LookupsModule, TermsModule, UsersModule],
  controllers: [StudentsController, RegistrationWindowController],
  providers: [StudentsService, StudentIdLookup],
  exports: [StudentsService, StudentsDataModule],
})
export class StudentsModule {}
