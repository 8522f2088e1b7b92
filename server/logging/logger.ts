import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';
import type { AppConfig } from '../config/app-config.js';

/**
 * What must never reach a log line, wherever a caller puts it (top level or up to two levels down,
 * e.g. a logged body, or a request's headers): passwords, cookies, session ids, tokens. Callers log ids and
 * counts, never record contents; this list is the safety net, not the rule.
 */
const SECRET_KEYS = [
  'password',
  'old_password',
  'reset_password',
  'password_hash',
  'cookie',
  'set-cookie',
  'authorization',
  'sid',
  'sessionID',
  'session_id',
  'sess',
  'token',
  'x-xsrf-token',
  'XSRF-TOKEN',
  'secret',
];
export const REDACTED_PATHS = SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.*["${k}"]`]);

/** The request being served, for its log lines: its logger (with its request_id) is made on its first line. */
class RequestLog {
  private child?: Logger;

  constructor(
    private readonly root: Logger,
    readonly requestId: string,
  ) {}

  get logger(): Logger {
    return (this.child ??= this.root.child({ request_id: this.requestId }));
  }
}

/** The request being served: app logs inside a request carry its request_id. */
const requestLog = new AsyncLocalStorage<RequestLog>();

/**
 * One JSON object per line on stdout: `time` (ISO-8601), `level` (pino's names: debug, info, warn,
 * error, fatal), `request_id` inside a request, `context` (the Nest logger's name), `msg`, and the
 * fields the caller gave.
 */
export function createLogger(level: AppConfig['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // Synchronous, like the console: a line written just before process.exit() is not lost.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const NEST_TO_PINO: Record<string, Level> = {
  log: 'info',
  warn: 'warn',
  error: 'error',
  debug: 'debug',
  verbose: 'debug',
  fatal: 'fatal',
};

/** Nest's LoggerService over a pino logger: `new Logger('Auth').warn({ msg, … })` becomes one JSON line. */
export class PinoLoggerService implements LoggerService {
  constructor(readonly pino: Logger) {}

  private write(level: string, message: unknown, context?: string, extra?: object): void {
    const log = requestLog.getStore()?.logger ?? this.pino;
    const body =
      message instanceof Error
        ? { msg: message.message, stack: message.stack }
        : typeof message === 'object' && message !== null
          ? message
          : { msg: String(message) };
    log[NEST_TO_PINO[level] ?? 'info']({ ...(context ? { context } : {}), ...body, ...extra });
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
}

/** A proxy's X-Request-Id is kept when it looks like an id; anything else gets a fresh UUID. */
const SANE_REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * Gives every request an id (kept from a sane X-Request-Id of a proxy), echoes it in X-Request-Id,
 * logs one access line when the answer is sent (or the client goes away first), and makes the request's
 * logger the one that Nest loggers write through while the request is served. By hand rather than
 * pino-http: that made a child logger and several closures per request whether or not anything was
 * logged, a tenth of an API answer's cost; here the child logger is made only for a line to write.
 */
export function requestLogging(logger: Logger): RequestHandler {
  const accessLines = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    const log = new RequestLog(logger, typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID());
    res.setHeader('X-Request-Id', log.requestId);
    if (accessLines) {
      const started = performance.now();
      res.once('close', () =>
        log.logger.info(
          {
            context: 'HTTP',
            method: req.method,
            path: req.path, // without the query string: it can hold names typed into a search
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
            user_id: req.user?.id,
            // The client went away before the answer was sent.
            ...(res.writableEnded ? {} : { aborted: true }),
          },
          'request',
        ),
      );
    }
    requestLog.run(log, next);
  };
}
