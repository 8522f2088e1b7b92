import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Public } from '../common/decorators.js';

type Check = 'ok' | 'failed';

/** Liveness (/healthz) and readiness (/readyz) for the container's HEALTHCHECK and a load balancer. */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  /** Ready = database reachable, migrations applied, uploads folder writable (Chromium only reported). */
  @Get('readyz')
  async ready() {
    const checks: Record<string, Check> = { database: 'failed', migrations: 'failed', uploads: 'failed' };
    try {
      await this.ds.query('SELECT 1');
      checks.database = 'ok';
      checks.migrations = (await this.ds.showMigrations()) ? 'failed' : 'ok';
    } catch {
      // reported below
    }
    try {
      await mkdir(this.config.uploadsDir, { recursive: true });
      const probe = path.join(this.config.uploadsDir, `.ready-${randomBytes(6).toString('hex')}`);
      await writeFile(probe, '');
      await rm(probe);
      checks.uploads = 'ok';
    } catch {
      // reported below
    }
    const ready = Object.values(checks).every((c) => c === 'ok');
    // PDFs need Chromium, but the rest of the portal works without it: reported, never failing readiness.
    const chromium = this.config.chromiumPath && existsSync(this.config.chromiumPath) ? 'available' : 'unavailable';
    const body = { status: ready ? 'ready' : 'not ready', checks, chromium };
    if (!ready)
      throw new HttpException({ ...body, message: 'The service is not ready.' }, HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
