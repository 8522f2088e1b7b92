import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { SchoolYearModule } from '../school-year/school-year.module.js';
import { StudentsModule } from '../students/students.module.js';
import { RegistrationRoundController } from './registration-round.controller.js';
import { RegistrationRoundRepository } from './registration-round.repository.js';
import { RegistrationRoundService } from './registration-round.service.js';

/**
 * A school year's registration round (docs/product.md §13): owns registration_archives, registration_round_marks and
 * registration_reviews (RegistrationRoundRepository); RegistrationRoundService is its way in.
 */
@Module({
  imports: [SchoolYearModule, StudentsModule, FilesModule],
  controllers: [RegistrationRoundController],
  providers: [RegistrationRoundService, RegistrationRoundRepository],
  exports: [RegistrationRoundService],
})
export class RegistrationRoundModule {}
