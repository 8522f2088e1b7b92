import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { RetentionScrubResult } from '../../shared/retention.js';
import type { RetentionDueStudent, RetentionPolicyView } from '../../shared/school-year.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { RetentionPolicyDto, RetentionScrubDto } from './retention.dto.js';
import { RetentionService } from './retention.service.js';

/** Retention of former students' personal data (docs/product.md §12.4): the office's only. */
@Roles('admin')
@Controller('api')
export class RetentionController {
  constructor(private readonly retention: RetentionService) {}

  @ApiRoute({
    summary: "How long former students' personal data is kept",
    description: 'Whole years after the day she left; 7 while the school has set none.',
    ok: { description: 'The setting.', schema: ref('RetentionPolicy') },
  })
  @Get('retention')
  policy(): Promise<RetentionPolicyView> {
    return this.retention.policy();
  }

  @ApiRoute({
    summary: "Set how long former students' personal data is kept",
    description: 'A whole number of years from 0 to 50; audited with the value before.',
    ok: { description: 'The setting now.', schema: ref('RetentionPolicy') },
  })
  @Post('retention')
  @HttpCode(200)
  setPolicy(@Body() dto: RetentionPolicyDto, @CurrentUser() user: SessionUser): Promise<RetentionPolicyView> {
    return this.retention.setPolicy(user, dto.years_after_leaving);
  }

  @ApiRoute({
    summary: 'Former students whose personal data is due for deletion',
    description: 'Graduated or left, not deleted yet, and the day she left plus the years kept is today or earlier.',
    ok: { description: 'The students due, longest due first.', schema: ref('RetentionDue') },
  })
  @Get('retention/due')
  due(): Promise<{ due: RetentionDueStudent[] }> {
    return this.retention.due();
  }

  @ApiRoute({
    summary: "Delete former students' personal data",
    description:
      'Keeps the register (ID, names, date of birth, class, status, leaving date and reason, report cards) and ' +
      'deletes the rest: record fields, documents, audit values, e-mails, guardian links, the account. Needs the ' +
      "administrator's own password.",
    ok: { description: 'How many were deleted.', schema: ref('RetentionScrubResult') },
    errors: {
      422: 'The password is wrong, or a student named is not due (nothing was deleted)',
      429: 'Too many wrong passwords',
    },
  })
  @Post('retention/scrub')
  @HttpCode(200)
  scrub(
    @Body() dto: RetentionScrubDto,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<RetentionScrubResult> {
    return this.retention.scrub(user, dto.student_ids, dto.password, req.cookies as Record<string, unknown>);
  }
}
