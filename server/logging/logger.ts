import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
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

/** The log line of the request being served: app logs inside a request carry its request_id. */
const requestLog = new AsyncLocalStorage<Logger>();

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
    const log = requestLog.getStore() ?? this.pino;
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
 * logs one access line when the answer is sent, and makes the request's logger the one that Nest
 * loggers write through while the request is served.
 */
export function requestLogging(logger: Logger): RequestHandler[] {
  const accessLine = (req: Request, res: Response, ms: number) => ({
    context: 'HTTP',
    method: req.method,
    path: req.path, // without the query string: it can hold names typed into a search
    status: res.statusCode,
    ms,
    user_id: req.user?.id,
    // The client went away before the answer was sent (the line comes from the socket closing).
    ...(res.writableEnded ? {} : { aborted: true }),
  });
  const http = pinoHttp<Request, Response>({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id' },
    genReqId: (req, res) => {
      const given = req.get('x-request-id');
      const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', requestId);
      return requestId;
    },
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, val: { responseTime: number }) => accessLine(req, res, val.responseTime),
    customErrorObject: (req, res, _err, val: { responseTime: number }) => accessLine(req, res, val.responseTime),
  });
  return [http, (req: Request, _res: Response, next: NextFunction) => requestLog.run(req.log, next)];
}
