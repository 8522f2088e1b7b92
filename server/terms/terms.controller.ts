import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { TermsOfRegistration } from '../../shared/terms.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { SetTermsDto } from './dto/set-terms.dto.js';
import { TermsService } from './terms.service.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** The terms and conditions of registration: read by anyone signed in, set by administrators. */
@Controller('api')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  @ApiRoute({
    summary: 'Terms and conditions of registration',
    ok: { description: 'The current version.', schema: ref('TermsOfRegistration') },
    errors: { 404: 'No terms have been published' },
  })
  @Get('terms-and-conditions')
  current(): Promise<TermsOfRegistration> {
    return this.terms.current();
  }

  /** A new version of the text (audited); answers the current terms. */
  @Roles('admin')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Publish new terms and conditions',
    ok: { description: 'The new current version.', schema: ref('TermsOfRegistration') },
  })
  @Post('terms-and-conditions')
  set(@CurrentUser() user: SessionUser, @Body() body: SetTermsDto): Promise<TermsOfRegistration> {
    return this.terms.setText(user, body.text);
  }
}
