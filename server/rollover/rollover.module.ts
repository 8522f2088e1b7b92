import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LookupsModule } from '../lookups/lookups.module.js';
import { SchoolYearModule } from '../school-year/school-year.module.js';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { RegistrationRoundModule } from '../registration-round/registration-round.module.js';
import { RolloverController } from './rollover.controller.js';
import { RolloverService } from './rollover.service.js';

/** The rollover to the next school year, its preview and its undo (docs/product.md §12.2). */
@Module({
  imports: [AuthModule, LookupsModule, SchoolYearModule, StudentsModule, UsersModule, RegistrationRoundModule],
  controllers: [RolloverController],
  providers: [RolloverService],
})
export class RolloverModule {}
