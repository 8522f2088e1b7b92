import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Student } from '../students/entities/student.entity.js';
import { TermsVersion } from './entities/terms-version.entity.js';
import { TermsController } from './terms.controller.js';
import { TermsService } from './terms.service.js';

/** The terms and conditions of registration (their versions) and the stamp of a student's agreement. */
@Module({
  imports: [TypeOrmModule.forFeature([TermsVersion, Student])],
  controllers: [TermsController],
  providers: [TermsService],
  exports: [TermsService],
})
export class TermsModule {}
