import { Controller, Get } from '@nestjs/common';
import type { SchoolYearView } from '../../shared/school-year.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';
import { Roles } from '../common/decorators.js';
import { SchoolYearService } from './school-year.service.js';

/** The current school year (docs/product.md §12): the office, students and guardians read it. */
@Controller('api')
export class SchoolYearController {
  constructor(private readonly year: SchoolYearService) {}

  @ApiRoute({
    summary: 'The current school year',
    description: 'By its start year: 2026 is the school year 2026-2027.',
    ok: { description: 'The year.', schema: ref('SchoolYear') },
  })
  @Roles('admin', 'student', 'guardian')
  @Get('school-year')
  async schoolYear(): Promise<SchoolYearView> {
    return { year: await this.year.current() };
  }
}
