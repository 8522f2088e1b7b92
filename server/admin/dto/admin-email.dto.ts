import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGES } from '../../../shared/constants.js';
import { EMAIL_PATTERN } from '../../../shared/student-fields.js';

/** POST /api/admin-email: an address, or '' to remove it, and her current password. */
export class AdminEmailDto {
  @ApiProperty({ type: 'string', maxLength: 254, description: "An e-mail address, or '' to remove it." })
  @IsString()
  @MaxLength(254, { message: MESSAGES.email })
  @Matches(new RegExp(`^$|${EMAIL_PATTERN.source}`), { message: MESSAGES.email })
  email: string;

  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200)
  password: string;
}
