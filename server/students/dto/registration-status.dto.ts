import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { FIELD_MESSAGES, isCalendarDate } from '../../../shared/student-fields.js';

/** POST /api/registration-status: open 1 or 0, and an optional deadline (closed from that day on). */
export class RegistrationStatusDto {
  @ApiProperty({ type: 'integer', enum: [0, 1] })
  @IsIn([0, 1], { message: FIELD_MESSAGES.flag })
  open!: 0 | 1;

  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, description: 'Closed from this day on.' })
  @IsOptional()
  @ValidateBy({
    name: 'calendarDate',
    validator: {
      validate: (v: unknown) => typeof v === 'string' && isCalendarDate(v),
      defaultMessage: () => FIELD_MESSAGES.date,
    },
  })
  deadline?: string | null;
}
