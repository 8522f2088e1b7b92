import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MFA_MESSAGES } from '../../../shared/mfa.js';

/** POST /api/admin-login/mfa and /api/admin-mfa/confirm: a 6-digit code (or, at sign-in, a recovery code). */
export class MfaCodeDto {
  @ApiProperty({ type: 'string', maxLength: 40 })
  @IsString()
  @IsNotEmpty({ message: MFA_MESSAGES.codePrompt })
  @MaxLength(40, { message: MFA_MESSAGES.wrongCode })
  code: string;
}

/** POST /api/admin-mfa/disable and /api/admin-mfa/recovery-codes: a current code or the password. */
export class MfaProofDto {
  @ApiPropertyOptional({ type: 'string', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40, { message: MFA_MESSAGES.wrongCode })
  code?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

/** POST /api/admin-mfa/setup: with ADMIN_MFA=required, the administrator's enrolment code (MfaService). */
export class MfaSetupDto {
  @ApiPropertyOptional({ type: 'string', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40, { message: MFA_MESSAGES.wrongEnrolmentCode })
  enrolment_code?: string;
}
