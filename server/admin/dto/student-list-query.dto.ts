import { IsOptional, IsString, MaxLength } from 'class-validator';
import { STUDENT_SEARCH_MAX } from '../../../shared/student-search.js';

/** GET /api/students?search= */
export class StudentListQueryDto {
  /** The Students table's search (shared/student-search.ts); none or blank lists everyone. */
  @IsOptional()
  @IsString({ message: 'search must be text.' })
  @MaxLength(STUDENT_SEARCH_MAX, { message: `A search has at most ${STUDENT_SEARCH_MAX} characters.` })
  search?: string;
}
