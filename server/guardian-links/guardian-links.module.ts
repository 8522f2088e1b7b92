import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { GuardianLink } from './entities/guardian-link.entity.js';
import { GuardianLinksService } from './guardian-links.service.js';
import { StudentAccess } from './student-access.js';

/**
 * Who acts for which student: the guardian links and the access rule built on them. A module of its own, below
 * auth, mail and the guardians feature, so that each of them can use it without importing the others.
 */
@Module({
  imports: [TypeOrmModule.forFeature([GuardianLink]), StudentsModule, UsersModule],
  providers: [GuardianLinksService, StudentAccess],
  exports: [GuardianLinksService, StudentAccess],
})
export class GuardianLinksModule {}
