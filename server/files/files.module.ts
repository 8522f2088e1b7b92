import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { GuardianLinksModule } from '../guardians/links/guardian-links.module.js';
import { StudentsModule } from '../students/students.module.js';
import { StudentFile } from './entities/student-file.entity.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { FILE_STORAGE } from './storage/file-storage.js';
import { LocalDiskStorage } from './storage/local-disk-storage.js';
import { UploadGate } from './upload-gate.js';
import { UploadReader } from './upload.interceptor.js';

/**
 * A '.tmp-*' upload file older than this is a crash's leftover, removed at start. Not younger ones:
 * instances sharing the uploads folder may be writing them (a write takes seconds, not an hour).
 */
export const STALE_TEMPORARY_FILE_MS = 60 * 60_000;

/** Uploaded documents. Exports FilesService (current files, picture bytes) for the generated documents. */
@Module({
  imports: [TypeOrmModule.forFeature([StudentFile]), StudentsModule, GuardianLinksModule],
  controllers: [FilesController],
  providers: [
    FilesService,
    UploadGate,
    UploadReader,
    {
      provide: FILE_STORAGE,
      useFactory: async (config: AppConfig) => {
        const storage = new LocalDiskStorage(config.uploadsDir);
        const removed = await storage.removeStaleTemporaryFiles(STALE_TEMPORARY_FILE_MS);
        if (removed > 0) new Logger('FilesModule').warn(`Removed ${removed} unfinished upload file(s) left by a crash`);
        return storage;
      },
      inject: [APP_CONFIG],
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
