import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { RegistrationStatusDto } from './dto/registration-status.dto.js';
import { RegistrationWindow } from './registration-window.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** The registration status, shaped as docs/product.md §7 names it: anyone signed in reads it, admins set it. */
@Controller('api')
export class RegistrationWindowController {
  constructor(private readonly window: RegistrationWindow) {}

  @ApiRoute({
    summary: 'Registration status',
    ok: { description: 'Whether registration is open, and until when.', schema: ref('RegistrationStatus') },
  })
  @Get('registration-status')
  registrationStatus() {
    return this.window.status();
  }

  /** Admins open or close registration; answers the new status. */
  @Roles('admin')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Open or close registration',
    ok: { description: 'The new status.', schema: ref('RegistrationStatus') },
  })
  @Post('registration-status')
  setRegistrationStatus(@CurrentUser() user: SessionUser, @Body() body: RegistrationStatusDto) {
    return this.window.setStatus(user, { open: body.open, deadline: body.deadline ?? null });
  }
}
