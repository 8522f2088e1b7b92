import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TermsVersion } from './entities/terms-version.entity.js';
import { TermsController } from './terms.controller.js';
import { TermsService } from './terms.service.js';
import { TermsVersionsRepository } from './terms-versions.repository.js';

/** The terms and conditions of registration (their versions); a student's agreement is the students module's. */
@Module({
  imports: [TypeOrmModule.forFeature([TermsVersion])],
  controllers: [TermsController],
  providers: [TermsVersionsRepository, TermsService],
  exports: [TermsService],
})
export class TermsModule {}
