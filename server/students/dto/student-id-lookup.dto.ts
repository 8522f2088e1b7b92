import { IsString, MaxLength } from 'class-validator';

/** GET /api/student-id-lookup?name= */
export class StudentIdLookupQuery {
  @IsString()
  @MaxLength(60)
  name: string;
}
