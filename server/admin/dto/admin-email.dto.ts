import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGES } from '../../../shared/constants.js';
import { EMAIL_PATTERN } from '../../../shared/student-fields.js';

/** POST /api/admin-email: an address, or '' to remove it, and her current password. */
export class AdminEmailDto {
  @IsString()
  @MaxLength(254, { message: MESSAGES.email })
  @Matches(new RegExp(`^$|${EMAIL_PATTERN.source}`), { message: MESSAGES.email })
  email: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200)
  password: string;
}
