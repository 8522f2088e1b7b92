import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../users/users.module.js';
import { SignInModule } from '../sign-in/sign-in.module.js';
import { AdminMfa, AdminMfaRecoveryCode } from './admin-mfa.entity.js';
import { AdminMfaRepository } from './admin-mfa.repository.js';
import { MfaController } from './mfa.controller.js';
import { MfaService } from './mfa.service.js';

/** Two-step sign-in for administrators, after the password step (the `admin_mfa` tables and their routes). */
@Module({
  imports: [SignInModule, UsersModule, TypeOrmModule.forFeature([AdminMfa, AdminMfaRecoveryCode])],
  controllers: [MfaController],
  providers: [MfaService, AdminMfaRepository],
  exports: [MfaService],
})
export class MfaModule {}
