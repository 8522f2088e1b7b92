import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES, STUDENT_ID_MAX } from '../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';

export class StudentLoginDto {
  @ApiProperty({ type: 'string', maxLength: STUDENT_ID_MAX })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your student ID.' })
  @MaxLength(STUDENT_ID_MAX, { message: MESSAGES.badCredentials })
  student_id: string;

  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: MESSAGES.badCredentials })
  password: string;
}

export class AdminLoginDto {
  @ApiProperty({ type: 'string', maxLength: 50 })
  @IsString()
  @IsNotEmpty({ message: MESSAGES.usernameEmpty })
  @MaxLength(50, { message: MESSAGES.badCredentials })
  username: string;

  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: MESSAGES.badCredentials })
  password: string;
}

/** POST /api/guardian-login: a parent or guardian signs in with her e-mail address (docs/product.md §11). */
export class GuardianLoginDto {
  @ApiProperty({ type: 'string', maxLength: 254 })
  @IsString()
  @IsNotEmpty({ message: GUARDIAN_MESSAGES.emailRequired })
  @MaxLength(254, { message: MESSAGES.badCredentials })
  email: string;

  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: MESSAGES.badCredentials })
  password: string;
}

/**
 * POST /api/change-password-student. The new password comes as `password` (own change) or
 * `reset_password` (forced reset; docs/product.md §7). A voluntary change also needs `old_password`. `student_id`
 * is the account's sign-in name: a student ID, an administrator's username or a guardian's e-mail address.
 */
export class ChangePasswordDto {
  @ApiProperty({ type: 'string', maxLength: 254 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  student_id: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  reset_password?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  old_password?: string;
}
