import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/constants.js';
import {
  type ConfirmStepRequest,
  DATA_STEPS,
  type DataStep,
  ROUND_MESSAGES,
  type ReviewedRequest,
} from '../../../shared/registration-round.js';
import { ToNumber } from '../../common/validation.js';

const DOCUMENT_TYPE_NAMES = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** POST /api/registration-round/{studentId}/confirm */
export class ConfirmStepDto implements ConfirmStepRequest {
  @ApiProperty({ enum: DATA_STEPS })
  @IsIn(DATA_STEPS, { message: ROUND_MESSAGES.badStep })
  step: DataStep;

  @ApiPropertyOptional({ enum: DOCUMENT_TYPE_NAMES, description: "documents only: keep last year's file of this slot" })
  @IsOptional()
  @IsIn(DOCUMENT_TYPE_NAMES, { message: ROUND_MESSAGES.badDocument })
  document?: DocumentType;
}

/** A school year, as the round's routes take it (?year=2026, { year: 2026 }). */
export class YearQuery {
  @ApiProperty({ type: 'integer', minimum: 2000, maximum: 2200 })
  @ToNumber()
  @IsInt({ message: ROUND_MESSAGES.badYear })
  @Min(2000, { message: ROUND_MESSAGES.badYear })
  @Max(2200, { message: ROUND_MESSAGES.badYear })
  year: number;
}

/** GET /api/registration-form/{id}?year=Y: a closed year's kept form; without it, the current form. */
export class FormYearQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 2000, maximum: 2200 })
  @IsOptional()
  @ToNumber()
  @IsInt({ message: ROUND_MESSAGES.badYear })
  @Min(2000, { message: ROUND_MESSAGES.badYear })
  @Max(2200, { message: ROUND_MESSAGES.badYear })
  year?: number;
}

/** POST /api/students/{id}/reviewed */
export class ReviewedDto extends YearQuery implements ReviewedRequest {}
