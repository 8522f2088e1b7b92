import { ApiPropertyOptional } from '@nestjs/swagger';
import { ToNumber } from '../common/validation.js';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAIL_MESSAGES, OUTBOX_STATUSES, type OutboxStatus } from '../../shared/mail.js';

/** GET /api/outbox?status=&limit=&q= */
export class OutboxQueryDto {
  @ApiPropertyOptional({ type: 'string', enum: OUTBOX_STATUSES })
  @IsOptional()
  @IsIn(OUTBOX_STATUSES, { message: `status must be one of ${OUTBOX_STATUSES.join(', ')}.` })
  status?: OutboxStatus;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500 })
  @IsOptional()
  @ToNumber()
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be between 1 and 500.' })
  @Max(500, { message: 'limit must be between 1 and 500.' })
  limit?: number;

  /** The Students table's search (shared/student-search.ts) over the student a message is about, or a parent's name. */
  @ApiPropertyOptional({ type: 'string', maxLength: 100 })
  @IsOptional()
  @IsString({ message: MAIL_MESSAGES.searchTooLong })
  @MaxLength(100, { message: MAIL_MESSAGES.searchTooLong })
  q?: string;
}
