import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config.js';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const RANK: Record<string, number> = { debug: 10, verbose: 10, log: 20, warn: 30, error: 40, fatal: 50 };
const THRESHOLD: Record<AppConfig['logLevel'], number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * One JSON object per line on stdout, with the request id of the request being served (if any).
 * Callers log ids and counts, never passwords, session ids or record contents.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    level: AppConfig['logLevel'],
    private readonly out: (line: string) => void = (l) => process.stdout.write(l),
  ) {
    this.threshold = THRESHOLD[level];
  }

  private write(level: LogLevel, message: unknown, context?: string, extra?: object): void {
    if ((RANK[level] ?? 20) < this.threshold) return;
    const body = typeof message === 'object' && message !== null ? message : { msg: String(message) };
    const requestId = requestContext.getStore()?.requestId;
    this.out(
      `${JSON.stringify({ time: new Date().toISOString(), level, ...(context ? { context } : {}), ...(requestId ? { request_id: requestId } : {}), ...body, ...extra })}\n`,
    );
  }

  log(message: unknown, context?: string) {
    this.write('log', message, context);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('verbose', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string) {
    // Nest calls error(message, stack, context) or error(message, context).
    if (context) this.write('error', message, context, stackOrContext ? { stack: stackOrContext } : undefined);
    else this.write('error', message, stackOrContext);
  }

  /** Gives every request an id (kept from a sane X-Request-Id of a proxy), echoes it, logs one access line. */
  requestMiddleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const given = req.get('x-request-id');
      const requestId = given && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', requestId);
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        requestContext.run({ requestId }, () =>
          this.write(
            'log',
            {
              msg: 'request',
              method: req.method,
              path: req.path, // without the query string: it can hold names typed into a search
              status: res.statusCode,
              ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
              user_id: req.user?.id,
            },
            'HTTP',
          ),
        );
      });
      requestContext.run({ requestId }, next);
    };
  }
}
