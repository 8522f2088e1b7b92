import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ADMIN_USERNAME_PATTERN, type CreateAdminRequest } from '../../../shared/admin-types.js';

export class CreateAdminDto implements CreateAdminRequest {
  @ApiProperty({ type: 'string', pattern: ADMIN_USERNAME_PATTERN.source })
  @IsString()
  @Matches(ADMIN_USERNAME_PATTERN, { message: 'A username has 3 to 20 letters, digits, dots, dashes or underscores.' })
  username: string;

  @ApiProperty({ type: 'string', maxLength: 80 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter the name shown for this administrator.' })
  @MaxLength(80)
  display_name: string;

  @ApiProperty({ type: 'string', maxLength: 200 })
  @IsString()
  @IsNotEmpty({ message: 'Please enter a password.' })
  @MaxLength(200)
  password: string;
}
