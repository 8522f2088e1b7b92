import { ToNumber } from '../common/validation.js';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../shared/mail.js';

/** GET /api/outbox?status=&limit= */
export class OutboxQueryDto {
  @IsOptional()
  @IsIn(OUTBOX_STATUSES, { message: `status must be one of ${OUTBOX_STATUSES.join(', ')}.` })
  status?: OutboxStatus;

  @IsOptional()
  @ToNumber()
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be between 1 and 500.' })
  @Max(500, { message: 'limit must be between 1 and 500.' })
  limit?: number;
}
