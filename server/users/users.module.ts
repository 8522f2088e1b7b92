import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  // The hasher lives with the accounts: the students module keeps a first password in step with the date of birth.
  providers: [UsersService, PasswordHasher],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
