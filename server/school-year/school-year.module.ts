import { Module } from '@nestjs/common';
import { ClassRulesRepository } from './class-rules.repository.js';
import { RolloversRepository } from './rollovers.repository.js';
import { SchoolYearController } from './school-year.controller.js';
import { SchoolYearRepository } from './school-year.repository.js';
import { SchoolYearService } from './school-year.service.js';
import { StudentClassesRepository } from './student-classes.repository.js';

/**
 * The school year (docs/product.md §12): owns school_years (SchoolYearService is its way in), and the rollover's own
 * tables: class_rules (ClassRulesRepository), student_classes (StudentClassesRepository), rollovers and
 * rollover_students (RolloversRepository).
 */
@Module({
  controllers: [SchoolYearController],
  providers: [
    SchoolYearService,
    SchoolYearRepository,
    ClassRulesRepository,
    StudentClassesRepository,
    RolloversRepository,
  ],
  exports: [SchoolYearService, ClassRulesRepository, StudentClassesRepository, RolloversRepository],
})
export class SchoolYearModule {}
