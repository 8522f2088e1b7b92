import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { STUDENT_ID_PATTERN } from '../../../shared/constants.js';

export class ResetPasswordDto {
  @ApiProperty({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsString()
  @Matches(STUDENT_ID_PATTERN, { message: 'Please give a valid student ID.' })
  student_id: string;
}
