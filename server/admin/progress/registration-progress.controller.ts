import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { RegistrationProgressOverview } from '../../../shared/admin-types.js';
import type { RegistrationRemindersResult } from '../../../shared/mail.js';
import { CurrentUser, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { RegistrationProgressService } from './registration-progress.service.js';
import { RegistrationRemindersDto } from './registration-reminders.dto.js';
import { RegistrationRemindersService } from './registration-reminders.service.js';
import { ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';

@Roles('admin')
@Controller('api')
export class RegistrationProgressController {
  constructor(
    private readonly progress: RegistrationProgressService,
    private readonly reminders: RegistrationRemindersService,
  ) {}

  @ApiRoute({
    summary: 'Registration progress',
    description: 'How far each class and student is with the registration steps and documents.',
    ok: { description: 'The overview.', schema: ref('RegistrationProgressOverview') },
  })
  @Get('registration-progress')
  overview(): Promise<RegistrationProgressOverview> {
    return this.progress.overview();
  }

  /** "Send reminder": each unfinished family of the class, or of the chosen students, gets what is missing by mail. */
  @ApiRoute({
    summary: 'Send registration reminders',
    description: 'Each unfinished family of the class, or of the chosen students, gets what is missing by mail.',
    ok: { description: 'What was queued.', schema: ref('RegistrationRemindersResult') },
    errors: { 422: 'Neither a class nor students were chosen' },
  })
  @Post('registration-reminders')
  @HttpCode(200)
  remind(
    @Body() dto: RegistrationRemindersDto,
    @CurrentUser() user: SessionUser,
  ): Promise<RegistrationRemindersResult> {
    return this.reminders.send(dto, user);
  }
}
