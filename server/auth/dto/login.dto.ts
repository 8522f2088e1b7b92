import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES, STUDENT_ID_MAX } from '../../../shared/constants.js';

export class StudentLoginDto {
  @IsString()
  @IsNotEmpty({ message: 'Please enter your student ID.' })
  @MaxLength(STUDENT_ID_MAX, { message: MESSAGES.badCredentials })
  student_id: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: MESSAGES.badCredentials })
  password: string;
}

export class AdminLoginDto {
  @IsString()
  @IsNotEmpty({ message: MESSAGES.usernameEmpty })
  @MaxLength(50, { message: MESSAGES.badCredentials })
  username: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter your password.' })
  @MaxLength(200, { message: MESSAGES.badCredentials })
  password: string;
}

/**
 * POST /api/change-password-student. The new password comes as `password` (own change) or
 * `reset_password` (forced reset; docs/product.md §7). A voluntary change also needs `old_password`.
 */
export class ChangePasswordDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(STUDENT_ID_MAX)
  student_id: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  reset_password?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  old_password?: string;
}
