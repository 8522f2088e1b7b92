import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { FORMER_STUDENT_MESSAGES, FORMER_STUDENTS_QUERY } from '../../../shared/former-students.js';

/** GET /api/students[?status=former]: current students, or former ones (docs/product.md §12.3). */
export class StudentsQueryDto {
  @ApiPropertyOptional({ type: 'string', enum: [FORMER_STUDENTS_QUERY] })
  @IsOptional()
  @IsIn([FORMER_STUDENTS_QUERY], { message: FORMER_STUDENT_MESSAGES.badStatus })
  status?: typeof FORMER_STUDENTS_QUERY;
}
