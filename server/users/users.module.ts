import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';
import { FirstPasswordFollower } from './first-password-follower.js';
import { PasswordHasher } from './password-hasher.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  // The hasher lives with the accounts: a first password follows the office's correction of a date of birth
  // (FirstPasswordFollower, used by the students module and the student import).
  providers: [UsersService, PasswordHasher, FirstPasswordFollower],
  exports: [UsersService, PasswordHasher, FirstPasswordFollower],
})
export class UsersModule {}
