import { Controller, Get } from '@nestjs/common';
import { LookupsService } from './lookups.service.js';

/** The lookup lists, shaped as docs/product.md §3 names them (the registration status: students/). */
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
}
