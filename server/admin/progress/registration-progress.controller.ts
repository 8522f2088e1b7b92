import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { RegistrationProgressOverview } from '../../../shared/admin-types.js';
import type { RegistrationRemindersResult } from '../../../shared/mail.js';
import { CurrentUser, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { RegistrationProgressService } from './registration-progress.service.js';
import { RegistrationRemindersDto } from './registration-reminders.dto.js';
import { RegistrationRemindersService } from './registration-reminders.service.js';

@Roles('admin')
@Controller('api')
export class RegistrationProgressController {
  constructor(
    private readonly progress: RegistrationProgressService,
    private readonly reminders: RegistrationRemindersService,
  ) {}

  @Get('registration-progress')
  overview(): Promise<RegistrationProgressOverview> {
    return this.progress.overview();
  }

  /** "Send reminder": each unfinished family of the class, or of the chosen students, gets what is missing by mail. */
  @Post('registration-reminders')
  @HttpCode(200)
  remind(
    @Body() dto: RegistrationRemindersDto,
    @CurrentUser() user: SessionUser,
  ): Promise<RegistrationRemindersResult> {
    return this.reminders.send(dto, user);
  }
}
