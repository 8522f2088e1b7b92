import { Module } from '@nestjs/common';
import { DbThrottlerStorage } from './db-throttler-storage.js';

/** The hit counts of every rate limit, in the database (DbThrottlerStorage): one storage for the app. */
@Module({
  providers: [DbThrottlerStorage],
  exports: [DbThrottlerStorage],
})
export class ThrottlingModule {}
