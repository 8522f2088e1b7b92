import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { TERMS_MESSAGES, termsTextProblem } from '../../../shared/terms.js';

/** POST /api/terms-and-conditions: the new text (plain text; paragraphs separated by blank lines). */
export class SetTermsDto {
  @ApiProperty({ type: 'string', description: 'Plain text; paragraphs separated by blank lines.' })
  @ValidateBy({
    name: 'termsText',
    validator: {
      validate: (v: unknown) => termsTextProblem(v) === null,
      defaultMessage: (args) => termsTextProblem(args?.value) ?? TERMS_MESSAGES.empty,
    },
  })
  text!: string;
}
