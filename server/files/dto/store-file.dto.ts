import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { MESSAGES, STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import { DOCUMENT_TYPES, UPLOAD_MESSAGES } from '../../../shared/documents.js';

/** The text fields of POST /api/store-file (multipart); the file itself comes as `file`. */
export class StoreFileDto {
  @ApiProperty({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsString({ message: MESSAGES.required })
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  id!: string;

  @ApiProperty({ type: 'string', enum: Object.keys(DOCUMENT_TYPES) })
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
  @ApiProperty({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsString({ message: MESSAGES.required })
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  student_id!: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  birth_certificate?: unknown;
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  immunization_card?: unknown;
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  immunization_covid?: unknown;
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  sea_slip?: unknown;
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  picture?: unknown;
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  immigration_permit?: unknown;
}
