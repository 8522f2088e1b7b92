import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  type ClassRuleRequest,
  LEAVING_REASON_MAX,
  ROLLOVER_MESSAGES,
  type RolloverPreviewRequest,
  type RolloverRequest,
} from '../../../shared/rollover.js';
import {
  CLASS_RULE_ACTIONS,
  type ClassRuleAction,
  ROLLOVER_ACTIONS,
  type RolloverAction,
  type RolloverChange,
} from '../../../shared/school-year.js';
import { ToNumber } from '../../common/validation.js';

// POST /api/rollover/preview and POST /api/rollover (docs/product.md §12.2). The shapes are checked here; whether a
// class or a student exists is the plan's to say (server/rollover/rollover-plan.ts), with the same `errors` keys.

/** A whole school's changes fit; a body far beyond any school is refused before it is read further. */
const MAX_ITEMS = 10_000;

export class ClassRuleDto implements ClassRuleRequest {
  @ApiProperty({ type: 'string', maxLength: 10 })
  @IsString()
  @MaxLength(10)
  class_id: string;

  @ApiProperty({ enum: CLASS_RULE_ACTIONS })
  @IsIn([...CLASS_RULE_ACTIONS], { message: ROLLOVER_MESSAGES.ruleUnknownAction })
  action: ClassRuleAction;

  @ApiPropertyOptional({ type: 'string', maxLength: 10, nullable: true, description: 'promote only' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  next_class_id?: string | null;
}

export class RolloverChangeDto implements RolloverChange {
  @ApiProperty({ type: 'string', maxLength: 20 })
  @IsString()
  @MaxLength(20)
  id: string;

  @ApiProperty({ enum: ROLLOVER_ACTIONS })
  @IsIn([...ROLLOVER_ACTIONS], { message: ROLLOVER_MESSAGES.unknownAction })
  action: RolloverAction;

  @ApiPropertyOptional({ type: 'string', maxLength: 10, nullable: true, description: 'promote only' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  to_class_id?: string | null;

  @ApiPropertyOptional({ type: 'string', maxLength: LEAVING_REASON_MAX, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(LEAVING_REASON_MAX, { message: ROLLOVER_MESSAGES.reasonTooLong })
  reason?: string | null;
}

export class RolloverPreviewDto implements RolloverPreviewRequest {
  @ApiProperty({ type: 'integer', minimum: 1900, maximum: 2999, description: 'the current school year + 1' })
  @ToNumber()
  @IsInt()
  @Min(1900)
  @Max(2999)
  to_year: number;

  @ApiPropertyOptional({ type: [ClassRuleDto], description: 'rules replacing the stored ones of their classes' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ClassRuleDto)
  rules?: ClassRuleDto[];
}

export class RolloverDto extends RolloverPreviewDto implements RolloverRequest {
  @ApiPropertyOptional({ type: [RolloverChangeDto], description: "single students' outcomes, over their class's rule" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => RolloverChangeDto)
  changes?: RolloverChangeDto[];
}
