import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, HttpException, HttpStatus, Inject, Res } from '@nestjs/common';
import {
  HealthCheckService,
  type HealthIndicatorResult,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Public } from '../common/decorators.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

type Check = 'ok' | 'failed';
const CHECKS = ['database', 'migrations', 'uploads'] as const;

/** Liveness (/healthz) and readiness (/readyz) for the container's HEALTHCHECK and a load balancer. */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly terminus: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiRoute({ summary: 'Liveness', ok: { description: 'The process answers.', schema: ref('Health') } })
  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  /**
   * Ready = database reachable, migrations applied, uploads folder writable (Chromium only reported).
   * Terminus runs the checks; the answer keeps the portal's own shape, which the Docker HEALTHCHECK,
   * the tests and operators' load balancers read.
   */
  @ApiRoute({
    summary: 'Readiness',
    description: 'Database reachable, migrations applied, uploads folder writable (Chromium only reported).',
    ok: { description: 'Ready.', schema: ref('Readiness') },
    errors: { 503: { description: 'Not ready: which check failed', schema: ref('Readiness') } },
  })
  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    let details: Record<string, { status: string }>;
    try {
      details = (await this.terminus.check([() => this.database(), () => this.migrations(), () => this.uploads()]))
        .details;
    } catch (e) {
      // Terminus answers 503 with the same details when a check is down.
      if (!(e instanceof HttpException)) throw e;
      details = (e.getResponse() as { details?: Record<string, { status: string }> }).details ?? {};
    }
    const checks = Object.fromEntries(CHECKS.map((k) => [k, details[k]?.status === 'up' ? 'ok' : 'failed'])) as Record<
      (typeof CHECKS)[number],
      Check
    >;
    const ready = Object.values(checks).every((c) => c === 'ok');
    // PDFs need Chromium, but the rest of the portal works without it: reported, never failing readiness.
    const chromium = this.config.chromiumPath && existsSync(this.config.chromiumPath) ? 'available' : 'unavailable';
    const body = { status: ready ? 'ready' : 'not ready', checks, chromium };
    if (ready) return body;
    // Answered here, not thrown: the API's error filter would keep only the message, and an operator
    // needs to see which check failed.
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'The service is not ready.', ...body };
  }

  private database(): PromiseLike<HealthIndicatorResult> {
    return this.db.pingCheck('database', { connection: this.ds, timeout: 3000 });
  }

  private async migrations(): Promise<HealthIndicatorResult> {
    const check = this.indicator.check('migrations');
    try {
      return (await this.ds.showMigrations()) ? check.down() : check.up();
    } catch {
      return check.down();
    }
  }

  private async uploads(): Promise<HealthIndicatorResult> {
    const check = this.indicator.check('uploads');
    try {
      await mkdir(this.config.uploadsDir, { recursive: true });
      const probe = path.join(this.config.uploadsDir, `.ready-${randomBytes(6).toString('hex')}`);
      await writeFile(probe, '');
      await rm(probe);
      return check.up();
    } catch {
      return check.down();
    }
  }
}
