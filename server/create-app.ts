import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { SESSION_COOKIE, signedOutMarker } from './auth/sessions/session-cookie.js';
import { Csrf } from './auth/sessions/csrf.js';
import { DbSessionStore } from './auth/sessions/db-session-store.js';
import type { AppConfig } from './config/app-config.js';
import { ApiExceptionFilter } from './common/api-exception.filter.js';
import { limitBodyDepth } from './common/body-depth.js';
import { applyServerTimeouts, bodyDeadline } from './common/http-timeouts.js';
import { securityHeaders } from './common/security-headers.js';
import { createValidationPipe } from './common/validation.js';
import { runMigrations } from './database/migrate.js';
import { SeedService } from './app/seeds/seed.service.js';
import { createLogger, PinoLoggerService, requestLogging } from './logging/logger.js';
import { SERVER_PATHS, serveWebClient } from './web-client/serve-web-client.js';
import { firstViewSource } from './web-client/first-view-source.js';

/**
 * Builds the whole service (used by main.ts, the tests and the bench): migrations and seed, then the
 * middleware in order (headers, cookies, session, CSRF), the API, and the web client with fallback.
 */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new PinoLoggerService(logger),
    bodyParser: false,
  });
  await runMigrations(app.get(DataSource));
  await app.get(SeedService).run();

  app.disable('x-powered-by');
  // No ETag worked out for every answer (a hash of each body): the API's answers and the pages are no-store, never
  // revalidated; the client's files carry their own (precompressedAssets, express.static).
  app.set('etag', false);
  app.use(requestLogging(logger));
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders(config.secureCookies));
  // The idle and absolute lifetimes are enforced on the server (the store's expires_at, slid at most
  // once a minute; signedInAt in SessionAccount). The cookie itself is a browser-session cookie, so it is
  // not re-signed and re-sent on every answer: it is set once at sign-in and cleared at logout.
  const sessions = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: app.get(DbSessionStore),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' },
  });
  // The client's files are answered before body parsing and the API's middleware; a page reads the session and what
  // its first view is drawn with itself (web-client/first-view-source.ts).
  serveWebClient(app, config.webDir, firstViewSource(app, sessions));
  applyServerTimeouts(app.getHttpServer() as Server, config.timeouts);
  app.use(bodyDeadline(config.timeouts.body));
  app.use(express.json({ limit: '200kb' }));
  app.use(express.urlencoded({ extended: false, limit: '200kb' }));
  app.use(limitBodyDepth);
  app.use(cookieParser());
  app.use(sessions);
  app.use(app.get(Csrf).middleware());
  // A sign-out made without a connection ends the session with the first request that comes after it (after the CSRF
  // check, which a POST /logout carrying the marker passes with the session it still has).
  app.use(signedOutMarker(config.secureCookies));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (SERVER_PATHS.test(req.path) || req.path === '/logout') res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  return app;
}
