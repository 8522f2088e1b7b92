import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { GuardianLinksModule } from '../guardian-links/guardian-links.module.js';
import { StudentsModule } from '../students/students.module.js';
import { UsersModule } from '../users/users.module.js';
import { MailRun } from './entities/mail-run.entity.js';
import { OutboxMessage } from './entities/outbox-message.entity.js';
import { FamilyMail } from './family-mail.js';
import { MAIL_TRANSPORT, smtpTransport } from './mail-transport.js';
import { OutboxController } from './outbox.controller.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxSender } from './outbox-sender.js';
import { OutboxService } from './outbox.service.js';

/** E-mail (docs/product.md §10): the outbox every message goes through, its sender, and the family's notices. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage, MailRun]), StudentsModule, GuardianLinksModule, UsersModule],
  controllers: [OutboxController],
  providers: [
    OutboxRepository,
    OutboxService,
    OutboxSender,
    FamilyMail,
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => (c.mail.smtpUrl ? smtpTransport(c.mail.smtpUrl) : null),
    },
  ],
  exports: [OutboxService, OutboxSender, FamilyMail],
})
export class MailModule {}
