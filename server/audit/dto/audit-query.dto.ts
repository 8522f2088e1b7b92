import { ApiPropertyOptional } from '@nestjs/swagger';
import { ToNumber } from '../../common/validation.js';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { STUDENT_ID_PATTERN } from '../../../shared/constants.js';

/** GET /api/audit?student_id=&limit=&before_id= */
export class AuditQueryDto {
  @ApiPropertyOptional({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsOptional()
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  student_id?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500 })
  @IsOptional()
  @ToNumber()
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be between 1 and 500.' })
  @Max(500, { message: 'limit must be between 1 and 500.' })
  limit?: number;

  /** The oldest id of the previous page: the next page starts below it. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @ToNumber()
  @IsInt({ message: 'before_id must be a whole number.' })
  @Min(1, { message: 'before_id must be a whole number.' })
  before_id?: number;
}
