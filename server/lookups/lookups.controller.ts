import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { RegistrationStatusDto } from './dto/registration-status.dto.js';
import { LookupsService } from './lookups.service.js';

/** The lookup lists and the registration status, with the field names of docs/product.md §3 Lookups. */
@Controller('api')
export class LookupsController {
  constructor(private readonly lookups: LookupsService) {}

  @Get('form-classes') formClasses() {
    return this.lookups.listFormClasses();
  }
  @Get('towns') towns() {
    return this.lookups.listTowns();
  }
  @Get('regional-corporation') regions() {
    return this.lookups.listRegions();
  }
  @Get('religions') religions() {
    return this.lookups.listReligions();
  }
  @Get('ethnic-groups') ethnicGroups() {
    return this.lookups.listEthnicGroups();
  }
  @Get('houses') houses() {
    return this.lookups.listHouses();
  }
  @Get('registration-status') registrationStatus() {
    return this.lookups.registrationStatus();
  }

  /** Admins open or close registration; answers the new status. */
  @Roles('admin')
  @HttpCode(200)
  @Post('registration-status')
  setRegistrationStatus(@CurrentUser() user: SessionUser, @Body() body: RegistrationStatusDto) {
    return this.lookups.setRegistrationStatus(user, { open: body.open, deadline: body.deadline ?? null });
  }
}
