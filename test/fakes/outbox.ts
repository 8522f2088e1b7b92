import type { EntityManager } from 'typeorm';
import type { NewMail, OutboxService } from '../../server/mail/outbox.service.js';

/** What a fake outbox was given: the messages, and whether each came with a caller's transaction. */
export interface QueuedMail extends NewMail {
  inTransaction: boolean;
}

/** The outbox as its callers see it: `queued` keeps the messages, `wakes` counts the sender's wake-ups. */
export function fakeOutbox(): OutboxService & { queued: QueuedMail[]; wakes: number } {
  const fake = {
    queued: [] as QueuedMail[],
    wakes: 0,
    context: { schoolName: 'Test High School', publicUrl: 'https://portal.test' },
    async queue(all: NewMail[], m?: EntityManager) {
      for (const mail of all) fake.queued.push({ ...mail, inTransaction: !!m });
      return all.length;
    },
    wake() {
      fake.wakes++;
    },
  };
  return fake as unknown as OutboxService & { queued: QueuedMail[]; wakes: number };
}
