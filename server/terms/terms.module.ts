import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StudentsDataModule } from '../students/students-data.module.js';
import { TermsVersion } from './entities/terms-version.entity.js';
import { TermsController } from './terms.controller.js';
import { TermsService } from './terms.service.js';

/** The terms and conditions of registration (their versions) and the stamp of a student's agreement. */
@Module({
  imports: [TypeOrmModule.forFeature([TermsVersion]), StudentsDataModule],
  controllers: [TermsController],
  providers: [TermsService],
  exports: [TermsService],
})
export class TermsModule {}
