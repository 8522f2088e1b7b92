import { Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import type { MailSettings, OutboxItem, OutboxMessage } from '../../shared/mail.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { OutboxQueryDto } from './outbox-query.dto.js';
import { OutboxService } from './outbox.service.js';

/** The office's Outbox (docs/product.md §10): what was queued, sent, kept or failed, and sending a failed one again. */
const messageId = new ParseIntPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

@Roles('admin')
@Controller('api')
export class OutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Get('mail-settings')
  settings(): MailSettings {
    return this.outbox.settings();
  }

  @Get('outbox')
  list(@Query() q: OutboxQueryDto): Promise<OutboxItem[]> {
    return this.outbox.list(q.status, q.limit ?? 200, q.q);
  }

  @Get('outbox/:id')
  get(@Param('id', messageId) id: number): Promise<OutboxMessage> {
    return this.outbox.get(id);
  }

  @Post('outbox/:id/resend')
  @HttpCode(200)
  resend(@Param('id', messageId) id: number, @CurrentUser() user: SessionUser): Promise<OutboxItem> {
    return this.outbox.resend(id, user);
  }
}
