import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { MESSAGES, STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import { DOCUMENT_TYPES, UPLOAD_MESSAGES } from '../../../shared/documents.js';

/** The text fields of POST /api/store-file (multipart); the file itself comes as `file`. */
export class StoreFileDto {
  @IsString({ message: MESSAGES.required })
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  id!: string;

  @IsIn(Object.keys(DOCUMENT_TYPES), { message: UPLOAD_MESSAGES.fileType })
  file_type!: string;
}

/**
 * POST /api/student-data-files. The record of current files is kept by the server from the uploads
 * themselves, so this call changes nothing: it is accepted for the old client (which posted the file
 * references it had just uploaded) and answers the record as it is. The file-type fields it may carry
 * are ignored.
 */
export class StudentDataFilesDto {
  @IsString({ message: MESSAGES.required })
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  student_id!: string;

  @IsOptional() birth_certificate?: unknown;
  @IsOptional() immunization_card?: unknown;
  @IsOptional() immunization_covid?: unknown;
  @IsOptional() sea_slip?: unknown;
  @IsOptional() picture?: unknown;
  @IsOptional() immigration_permit?: unknown;
}
