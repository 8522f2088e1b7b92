import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { STUDENT_ID_MAX } from '../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../shared/guardians.js';

/** POST /api/guardians/invite (the address's form is checked by the service, with its own message). */
export class GuardianInviteDto {
  @ApiProperty({ type: 'string', maxLength: STUDENT_ID_MAX })
  @IsString()
  @IsNotEmpty()
  @MaxLength(STUDENT_ID_MAX)
  student_id: string;

  @ApiProperty({ type: 'string', maxLength: 320 })
  @IsString({ message: GUARDIAN_MESSAGES.emailRequired })
  @MaxLength(320, { message: GUARDIAN_MESSAGES.emailInvalid })
  email: string;
}

/** POST /api/guardians/invitation. Any token the portal did not make answers 410, malformed or not. */
export class GuardianTokenDto {
  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @MaxLength(200)
  token: string;
}

/** POST /api/guardians/accept: `name` and `password` make a new account; the token alone links a signed-in one. */
export class GuardianAcceptDto extends GuardianTokenDto {
  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: GUARDIAN_MESSAGES.nameTooLong })
  name?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

/** POST /api/guardians/unlink; POST /api/guardians/reset-link (the office) takes the same. */
export class GuardianUnlinkDto {
  @ApiProperty({ type: 'string', maxLength: STUDENT_ID_MAX })
  @IsString()
  @IsNotEmpty()
  @MaxLength(STUDENT_ID_MAX)
  student_id: string;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  guardian_id: number;
}

/** POST /api/guardians/reset-link: which of the student's guardians gets a new link. */
export class GuardianResetLinkDto extends GuardianUnlinkDto {}
