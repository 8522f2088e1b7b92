import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ToNumber } from '../../common/validation.js';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import {
  HOLD_REASON_MAX,
  TERM_YEAR_MAX,
  TERM_YEAR_MIN,
  TERM_REPORT_MESSAGES,
  TERMS,
  type PostTermReportsRequest,
  type TermReportHoldRequest,
} from '../../../shared/term-reports.js';

/** A term report's academic year (its start year), as a number in the JSON or the form. */
const TermYear = () =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: TERM_YEAR_MIN, maximum: TERM_YEAR_MAX }),
    ToNumber(),
    IsInt(),
    Min(TERM_YEAR_MIN),
    Max(TERM_YEAR_MAX),
  );

/** A term: 1, 2 or 3. */
const TermNumber = () =>
  applyDecorators(
    ApiProperty({ type: 'integer', enum: TERMS }),
    ToNumber(),
    IsIn([...TERMS], { message: 'term must be 1, 2 or 3' }),
  );

/**
 * docs/product.md §7 POST /api/post-term-reports { year, term, posted, date_posted }. date_posted is stamped by the
 * server.
 */
export class PostTermReportsDto implements PostTermReportsRequest {
  @TermYear()
  year: number;
  @TermNumber()
  term: number;
  @ApiProperty({ type: 'integer', enum: [0, 1] })
  @ToNumber()
  @IsIn([0, 1], { message: 'posted must be 0 or 1' })
  posted: 0 | 1;
  /**
   * Accepted (docs/product.md §7 lists it in the payload) and ignored: the server stamps the time in the school's time
   * zone.
   */
  @ApiPropertyOptional({ type: 'string', maxLength: 30 })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  date_posted?: string;
  /** **Added**: one class only. */
  @ApiPropertyOptional({ type: 'string', maxLength: 10 })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  class_id?: string;
  /** **Added**: 'YYYY-MM-DD HH:mm' (or with T) in the school's time zone; checked by PostingsService. */
  @ApiPropertyOptional({ type: 'string', maxLength: 30 })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  release_at?: string;
  /**
   * **Added**: a whole-term posting releases the classes scheduled on their own too (by default they keep their own
   * release time). A JSON true or false only; checked against class_id by PostingsService.
   */
  @ApiPropertyOptional({ type: 'boolean' })
  @IsOptional()
  @IsBoolean({ message: TERM_REPORT_MESSAGES.includeScheduledType })
  include_scheduled?: boolean;
}

/** POST /api/term-report-holds and POST /api/term-report-holds/remove. */
export class TermReportHoldDto implements TermReportHoldRequest {
  @ApiProperty({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsString()
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.' })
  student_id: string;
  @TermYear()
  year: number;
  @TermNumber()
  term: number;
  @ApiPropertyOptional({ type: 'string', maxLength: HOLD_REASON_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(HOLD_REASON_MAX, { message: `The reason can have at most ${HOLD_REASON_MAX} characters.` })
  reason?: string;
}
