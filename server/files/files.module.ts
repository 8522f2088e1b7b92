import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { GuardianLinksModule } from '../guardian-links/guardian-links.module.js';
import { StudentsModule } from '../students/students.module.js';
import { StudentFile } from './entities/student-file.entity.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { FILE_STORAGE } from './storage/file-storage.js';
import { LocalDiskStorage } from './storage/local-disk-storage.js';
import { StorageSweep } from './storage-sweep.js';
import { UploadGate } from './upload-gate.js';
import { UploadReader } from './upload.interceptor.js';
import { ThrottlingModule } from '../common/throttling/throttling.module.js';

/**
 * Uploaded documents. Exports FilesService (current files, picture bytes) for the generated documents, and StorageSweep
 * for another folder of stored files to be kept to its table (the kept forms' PDFs).
 */
@Module({
  imports: [TypeOrmModule.forFeature([StudentFile]), StudentsModule, GuardianLinksModule, ThrottlingModule],
  controllers: [FilesController],
  providers: [
    FilesService,
    UploadGate,
    UploadReader,
    {
      provide: FILE_STORAGE,
      useFactory: (config: AppConfig) => new LocalDiskStorage(config.uploadsDir),
      inject: [APP_CONFIG],
    },
    StorageSweep,
  ],
  exports: [FilesService, StorageSweep],
})
export class FilesModule {}
