import { ApiParam } from '@nestjs/swagger';
import { Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import type { MailSettings, OutboxItem, OutboxMessage } from '../../shared/mail.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { OutboxQueryDto } from './outbox-query.dto.js';
import { OutboxService } from './outbox.service.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** The office's Outbox (docs/product.md §10): what was queued, sent, kept or failed, and sending a failed one again. */
const messageId = new ParseIntPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

@Roles('admin')
@Controller('api')
export class OutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @ApiRoute({
    summary: 'Mail settings',
    ok: { description: 'How mail is delivered, from which address.', schema: ref('MailSettings') },
  })
  @Get('mail-settings')
  settings(): MailSettings {
    return this.outbox.settings();
  }

  @ApiRoute({
    summary: 'Outbox',
    description: 'Queued, sent, kept and failed messages, newest first; ?status=, ?q= and ?limit= narrow it.',
    ok: { description: 'The messages.', schema: { type: 'array', items: ref('OutboxItem') } },
  })
  @Get('outbox')
  list(@Query() q: OutboxQueryDto): Promise<OutboxItem[]> {
    return this.outbox.list(q.status, q.limit ?? 200, q.q);
  }

  @ApiRoute({
    summary: 'One outbox message',
    ok: { description: 'The message with its text.', schema: ref('OutboxMessage') },
    errors: { 404: 'No such message' },
  })
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Get('outbox/:id')
  get(@Param('id', messageId) id: number): Promise<OutboxMessage> {
    return this.outbox.get(id);
  }

  @ApiRoute({
    summary: 'Send a failed message again',
    ok: { description: 'Queued again.', schema: ref('OutboxItem') },
    errors: { 404: 'No such message', 409: 'The message has not failed' },
  })
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @Post('outbox/:id/resend')
  @HttpCode(200)
  resend(@Param('id', messageId) id: number, @CurrentUser() user: SessionUser): Promise<OutboxItem> {
    return this.outbox.resend(id, user);
  }
}
