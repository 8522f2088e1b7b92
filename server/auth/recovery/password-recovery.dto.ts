import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, STUDENT_ID_MAX } from '../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';

/** POST /api/forgot-password */
export class ForgotStudentPasswordDto {
  @IsString()
  @IsNotEmpty({ message: 'Please enter your student ID.' })
  @MaxLength(STUDENT_ID_MAX, { message: 'Please enter your student ID.' })
  student_id: string;
}

/** POST /api/guardian-forgot-password */
export class ForgotGuardianPasswordDto {
  @IsString()
  @IsNotEmpty({ message: GUARDIAN_MESSAGES.emailRequired })
  @MaxLength(254, { message: GUARDIAN_MESSAGES.emailInvalid })
  email: string;
}

/** POST /api/admin-forgot-password */
export class ForgotAdminPasswordDto {
  @IsString()
  @IsNotEmpty({ message: MESSAGES.usernameEmpty })
  @MaxLength(50, { message: MESSAGES.usernameEmpty })
  username: string;
}

/** POST /api/reset-password/check. Any token the portal did not make answers 410, malformed or not. */
export class ResetTokenDto {
  @IsString()
  @MaxLength(200)
  token: string;
}

/** POST /api/reset-password */
export class ResetPasswordDto extends ResetTokenDto {
  @IsString()
  @IsNotEmpty({ message: 'Please enter the new password.' })
  @MaxLength(200)
  password: string;
}
