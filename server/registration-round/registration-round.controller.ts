import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  ArchivedForm,
  RecordChange,
  RegistrationRound,
  ReviewedResponse,
} from '../../shared/registration-round.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { ConfirmStepDto, ReviewedDto, YearQuery } from './dto/registration-round.dto.js';
import { RegistrationRoundService } from './registration-round.service.js';

/** A school year's registration round (docs/product.md §13): the family's confirmations, the office's review. */
@Controller('api')
export class RegistrationRoundController {
  constructor(private readonly rounds: RegistrationRoundService) {}

  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's registration round this school year",
    description:
      'A returning student (her registration of last year kept) confirms each data step or changes it ' +
      '(to_confirm, confirmed, changed) and agrees to the terms again (to_agree, agreed); a new student’s steps ' +
      'are not_started, in_progress or complete.',
    ok: { description: 'The round.', schema: ref('RegistrationRound') },
    errors: { 404: 'No such student' },
  })
  @Get('registration-round/:studentId')
  round(@Param('studentId') studentId: string): Promise<RegistrationRound> {
    return this.rounds.round(studentId);
  }

  @OwnerOrAdmin({ param: 'studentId' })
  @HttpCode(200)
  @ApiRoute({
    summary: 'Confirm a step of the round as it stands',
    description:
      'The family\'s one tap ("Still correct"); for documents, last year\'s file of one slot kept (`document`) ' +
      'or of every slot that has one. Audited.',
    ok: { description: 'The round after it.', schema: ref('RegistrationRound') },
    errors: {
      403: 'Not her family (the office included), or registration is closed',
      404: 'No such student',
      409: 'She is new this year (nothing to confirm), or a former student',
      422: 'No such step, or no file of last year in that slot',
    },
  })
  @Post('registration-round/:studentId/confirm')
  confirm(
    @CurrentUser() user: SessionUser,
    @Param('studentId') studentId: string,
    @Body() body: ConfirmStepDto,
  ): Promise<RegistrationRound> {
    return this.rounds.confirm(user, studentId, body);
  }

  @Roles('admin')
  @ApiRoute({
    summary: 'What changed in a school year',
    description:
      "Each answer or document that differs now from the start of that year's round (last year's kept " +
      'registration), with when and by whom it was last changed; medical answers flagged.',
    ok: { description: 'The changes.', schema: { type: 'array', items: ref('RecordChange') } },
    errors: { 404: 'No such student', 422: 'Not a school year the portal has' },
  })
  @Get('students/:studentId/changes')
  changes(@Param('studentId') id: string, @Query() query: YearQuery): Promise<RecordChange[]> {
    return this.rounds.changes(id, query.year);
  }

  @Roles('admin')
  @HttpCode(200)
  @ApiRoute({
    summary: "Mark a student's changes of a year reviewed",
    description: 'Audited. A later change by her family makes them not reviewed again.',
    ok: { description: 'When.', schema: ref('ReviewedResponse') },
    errors: { 404: 'No such student', 422: 'Not a school year the portal has' },
  })
  @Post('students/:studentId/reviewed')
  reviewed(
    @CurrentUser() user: SessionUser,
    @Param('studentId') id: string,
    @Body() body: ReviewedDto,
  ): Promise<ReviewedResponse> {
    return this.rounds.reviewed(user, id, body.year);
  }

  @Roles('admin')
  @ApiRoute({
    summary: "A student's kept registration forms",
    description: 'Each school year whose registration was kept when it closed; GET /api/registration-form/{id}?year=Y.',
    ok: { description: 'The years, newest first.', schema: { type: 'array', items: ref('ArchivedForm') } },
    errors: { 404: 'No such student' },
  })
  @Get('students/:studentId/archived-forms')
  archivedForms(@Param('studentId') id: string): Promise<ArchivedForm[]> {
    return this.rounds.archivedForms(id);
  }
}
