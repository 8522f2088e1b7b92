import { Controller, Get } from '@nestjs/common';
import type { RegistrationProgressOverview } from '../../../shared/admin-types.js';
import { Roles } from '../../common/decorators.js';
import { RegistrationProgressService } from './registration-progress.service.js';

@Roles('admin')
@Controller('api')
export class RegistrationProgressController {
  constructor(private readonly progress: RegistrationProgressService) {}

  @Get('registration-progress')
  overview(): Promise<RegistrationProgressOverview> {
    return this.progress.overview();
  }
}
