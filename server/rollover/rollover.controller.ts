import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { LatestRollover, RolloverUndoResult } from '../../shared/rollover.js';
import type { RolloverPreview, RolloverResult } from '../../shared/school-year.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { RolloverDto, RolloverPreviewDto } from './dto/rollover.dto.js';
import { RolloverService } from './rollover.service.js';

/** The office moves the school on to the next school year, and may undo it (docs/product.md §12.2). */
@Roles('admin')
@Controller('api/rollover')
export class RolloverController {
  constructor(private readonly rollover: RolloverService) {}

  @ApiRoute({
    summary: 'The latest rollover',
    description:
      'The latest rollover that is not undone, or null: the years, when and by whom, how many students had each ' +
      'outcome, and whether it can still be undone (nothing saved in the new school year since).',
    ok: { description: 'The latest rollover, or null.', schema: ref('LatestRollover') },
  })
  @Get()
  latest(): Promise<LatestRollover | null> {
    return this.rollover.latest();
  }

  @ApiRoute({
    summary: 'Preview the rollover',
    description:
      "Each current student's outcome and each class's rule as the rollover would apply them; changes nothing.",
    ok: { description: 'The preview.', schema: ref('RolloverPreview') },
    errors: { 409: 'to_year is not the current school year + 1', 422: 'A rule names an unknown class or next class' },
  })
  @Post('preview')
  @HttpCode(200)
  preview(@Body() dto: RolloverPreviewDto): Promise<RolloverPreview> {
    return this.rollover.preview(dto);
  }

  @ApiRoute({
    summary: 'Roll the school over to the next school year',
    description:
      'Moves every current student on (promote, repeat, graduate, leave) in one audited transaction, stores the ' +
      'new year, keeps the rules and closes registration; former students are signed out.',
    ok: { description: 'How many students had each outcome.', schema: ref('RolloverResult') },
    errors: {
      409: 'to_year is not the current school year + 1, or the register of classes holds the year already',
      422: 'A rule or change is refused (errors names it); nothing was changed',
    },
  })
  @Post()
  @HttpCode(200)
  confirm(@Body() dto: RolloverDto, @CurrentUser() user: SessionUser): Promise<RolloverResult> {
    return this.rollover.rollover(user, dto);
  }

  @ApiRoute({
    summary: 'Undo the latest rollover',
    description:
      'Puts back what it changed (students, the classes it created, the register of classes, rules, the year, ' +
      'registration) until something is saved in the new school year; the sessions it ended stay ended.',
    ok: { description: 'The school year restored.', schema: ref('RolloverUndoResult') },
    errors: { 409: 'Nothing to undo, or something was saved in the new school year since' },
  })
  @Post('undo')
  @HttpCode(200)
  undo(@CurrentUser() user: SessionUser): Promise<RolloverUndoResult> {
    return this.rollover.undo(user);
  }
}
