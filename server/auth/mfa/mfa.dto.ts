import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MFA_MESSAGES } from '../../../shared/mfa.js';

/** POST /api/admin-login/mfa and /api/admin-mfa/confirm: a 6-digit code (or, at sign-in, a recovery code). */
export class MfaCodeDto {
  @IsString()
  @IsNotEmpty({ message: MFA_MESSAGES.codePrompt })
  @MaxLength(40, { message: MFA_MESSAGES.wrongCode })
  code: string;
}

/** POST /api/admin-mfa/disable and /api/admin-mfa/recovery-codes: a current code or the password. */
export class MfaProofDto {
  @IsOptional()
  @IsString()
  @MaxLength(40, { message: MFA_MESSAGES.wrongCode })
  code?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

/** POST /api/admin-mfa/setup: with ADMIN_MFA=required, the administrator's enrolment code (MfaService). */
export class MfaSetupDto {
  @IsOptional()
  @IsString()
  @MaxLength(40, { message: MFA_MESSAGES.wrongEnrolmentCode })
  enrolment_code?: string;
}
