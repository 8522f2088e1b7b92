import { Module } from '@nestjs/common';
import { SchoolYearController } from './school-year.controller.js';
import { SchoolYearRepository } from './school-year.repository.js';
import { SchoolYearService } from './school-year.service.js';

/**
 * The school year (docs/product.md §12): owns school_years (SchoolYearService is its way in), and the rollover's own
 * tables: class_rules, student_classes, rollovers and rollover_students.
 */
@Module({
  controllers: [SchoolYearController],
  providers: [SchoolYearService, SchoolYearRepository],
  exports: [SchoolYearService],
})
export class SchoolYearModule {}
