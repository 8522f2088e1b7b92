import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import type { RegistrationRemindersRequest } from '../../../shared/mail.js';

/** POST /api/registration-reminders: a class, or chosen students (at most a whole school's worth). */
export class RegistrationRemindersDto implements RegistrationRemindersRequest {
  @ApiPropertyOptional({ type: 'string', maxLength: 10 })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  class_id?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 5000, description: 'Student IDs.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @Matches(STUDENT_ID_PATTERN, { each: true, message: 'Unknown student ID.' })
  student_ids?: string[];
}
