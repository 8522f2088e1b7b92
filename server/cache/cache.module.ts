import { Global, Module } from '@nestjs/common';
import { SharedCache } from './shared-cache.js';

/** The in-process cache of sessions and accounts, with its cross-instance invalidation (shared-cache.ts). */
@Global()
@Module({ providers: [SharedCache], exports: [SharedCache] })
export class CacheModule {}
