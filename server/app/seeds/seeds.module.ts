import { Module } from '@nestjs/common';
import { GuardianLinksModule } from '../../guardian-links/guardian-links.module.js';
import { LookupsModule } from '../../lookups/lookups.module.js';
import { StudentsModule } from '../../students/students.module.js';
import { TermReportsModule } from '../../term-reports/term-reports.module.js';
import { UsersModule } from '../../users/users.module.js';
import { FilesModule } from '../../files/files.module.js';
import { RegistrationRoundModule } from '../../registration-round/registration-round.module.js';
import { SchoolYearModule } from '../../school-year/school-year.module.js';
import { SeedService } from './seed.service.js';

/** Start-up data, written through the tables' owners; only the app module imports it. */
@Module({
  imports: [
    UsersModule,
    LookupsModule,
    StudentsModule,
    GuardianLinksModule,
    TermReportsModule,
    FilesModule,
    SchoolYearModule,
    RegistrationRoundModule,
  ],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedsModule {}
