import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** GET /api/student-id-lookup?name= */
export class StudentIdLookupQuery {
  @ApiProperty({ type: 'string', maxLength: 60 })
  @IsString()
  @MaxLength(60)
  name: string;
}
