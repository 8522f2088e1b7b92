import { Module } from '@nestjs/common';
import { GuardianLinksModule } from '../../guardian-links/guardian-links.module.js';
import { StudentsModule } from '../../students/students.module.js';
import { UsersModule } from '../../users/users.module.js';
import { SeedService } from './seed.service.js';

/** Start-up data, written through the tables' owners; only the app module imports it. */
@Module({
  imports: [UsersModule, GuardianLinksModule, StudentsModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedsModule {}
