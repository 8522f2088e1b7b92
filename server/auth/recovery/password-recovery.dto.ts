import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, STUDENT_ID_MAX } from '../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';

/** POST /api/forgot-password */
export class ForgotStudentPasswordDto {
  @ApiProperty({ type: 'string', maxLength: STUDENT_ID_MAX })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your student ID.' })
  @MaxLength(STUDENT_ID_MAX, { message: 'Please enter your student ID.' })
  student_id: string;
}

/** POST /api/guardian-forgot-password */
export class ForgotGuardianPasswordDto {
  @ApiProperty({ type: 'string', maxLength: 254 })
  @IsString()
  @IsNotEmpty({ message: GUARDIAN_MESSAGES.emailRequired })
  @MaxLength(254, { message: GUARDIAN_MESSAGES.emailInvalid })
  email: string;
}

/** POST /api/admin-forgot-password */
export class ForgotAdminPasswordDto {
  @ApiProperty({ type: 'string', maxLength: 50 })
  @IsString()
  @IsNotEmpty({ message: MESSAGES.usernameEmpty })
  @MaxLength(50, { message: MESSAGES.usernameEmpty })
  username: string;
}

/** POST /api/reset-password/check. Any token the portal did not make answers 410, malformed or not. */
export class ResetTokenDto {
  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @MaxLength(200)
  token: string;
}

/** POST /api/reset-password (named apart from the office's ResetPasswordDto, so that the API reference has both) */
export class ResetPasswordByLinkDto extends ResetTokenDto {
  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter the new password.' })
  @MaxLength(200)
  password: string;
}
