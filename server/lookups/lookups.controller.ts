import { Controller, Get } from '@nestjs/common';
import { LookupsService } from './lookups.service.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** The lookup lists, shaped as docs/product.md §3 names them (the registration status: students/). */
@Controller('api')
export class LookupsController {
  constructor(private readonly lookups: LookupsService) {}

  @ApiRoute({
    summary: 'Form classes',
    ok: { description: 'The list.', schema: { type: 'array', items: ref('FormClassItem') } },
  })
  @Get('form-classes')
  formClasses() {
    return this.lookups.listFormClasses();
  }
  @ApiRoute({ summary: 'Towns', ok: { description: 'The list.', schema: { type: 'array', items: ref('TownItem') } } })
  @Get('towns')
  towns() {
    return this.lookups.listTowns();
  }
  @ApiRoute({
    summary: 'Regional corporations',
    ok: { description: 'The list.', schema: { type: 'array', items: ref('RegionItem') } },
  })
  @Get('regional-corporation')
  regions() {
    return this.lookups.listRegions();
  }
  @ApiRoute({
    summary: 'Religions',
    ok: { description: 'The list.', schema: { type: 'array', items: ref('ReligionItem') } },
  })
  @Get('religions')
  religions() {
    return this.lookups.listReligions();
  }
  @ApiRoute({
    summary: 'Ethnic groups',
    ok: { description: 'The list.', schema: { type: 'array', items: ref('EthnicGroupItem') } },
  })
  @Get('ethnic-groups')
  ethnicGroups() {
    return this.lookups.listEthnicGroups();
  }
  @ApiRoute({ summary: 'Houses', ok: { description: 'The list.', schema: { type: 'array', items: ref('HouseItem') } } })
  @Get('houses')
  houses() {
    return this.lookups.listHouses();
  }
}
