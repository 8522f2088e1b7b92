import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { LookupsModule } from '../lookups/lookups.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { Student } from '../students/entities/student.entity.js';
import { TermsModule } from '../terms/terms.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';

/** The registration form and the registration report (PDFs). */
@Module({
  imports: [TypeOrmModule.forFeature([Student]), PdfModule, FilesModule, LookupsModule, TermsModule],
  controllers: [DocumentsController],
  providers: [DocumentsService],
})
export class DocumentsModule {}
