import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { RETENTION_MESSAGES } from '../../shared/retention.js';
import { RETENTION_YEARS } from '../../shared/school-year.js';

/** POST /api/retention: how many whole years after leaving a former student's personal data is kept. */
export class RetentionPolicyDto {
  @ApiProperty({ type: 'integer', minimum: RETENTION_YEARS.min, maximum: RETENTION_YEARS.max })
  @IsInt({ message: RETENTION_MESSAGES.years })
  @Min(RETENTION_YEARS.min, { message: RETENTION_MESSAGES.years })
  @Max(RETENTION_YEARS.max, { message: RETENTION_MESSAGES.years })
  years_after_leaving!: number;
}

/** POST /api/retention/scrub: the former students whose personal data goes, and the administrator's own password. */
export class RetentionScrubDto {
  @ApiProperty({ type: 'array', items: { type: 'string', maxLength: 20 }, minItems: 1, maxItems: 1000 })
  @IsArray({ message: RETENTION_MESSAGES.noStudents })
  @ArrayNotEmpty({ message: RETENTION_MESSAGES.noStudents })
  @ArrayMaxSize(1000, { message: 'At most 1000 students at a time.' })
  @IsString({ each: true, message: 'Each student is named by her ID.' })
  @MaxLength(20, { each: true, message: 'Each student is named by her ID.' })
  student_ids!: string[];

  @ApiProperty({ type: 'string', maxLength: 200, description: "The signed-in administrator's own password." })
  @IsString({ message: 'Please enter your password.' })
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: 'The password is incorrect.' })
  password!: string;
}
