import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { LAYOUT, THEME } from '../../shared/constants.js';
import { escapeHtml } from '../pdf/html.js';

/** Paths the server answers itself; every other GET is the single-page client (history mode). */
export const SERVER_PATHS = /^\/(api|sanctum|healthz|readyz)(\/|$)/;

/** Where index.html keeps the place of the loading shell (web/index.html). */
const SHELL_MARK = '<!--app-shell-->';

/** The sign-in screens the server draws as plain HTML while the client's code loads: path → subtitle. */
const SIGN_IN_SHELLS: Record<string, string> = {
  '/': 'Student Login',
  '/admin': 'Administrator Login',
  // Opened from a sign-in page or from a link in a message, often on a phone: the same card while the code loads.
  '/forgot-password': 'Forgot your password?',
  '/admin/forgot-password': 'Forgot your password?',
  '/reset-password': 'Choose a new password',
  // A parent's sign-in (from the student sign-in page) and her invitation's link (docs/product.md §11).
  '/guardian-login': 'Parent or Guardian Login',
  '/guardian-forgot-password': 'Forgot your password?',
  '/guardian-invitation': 'Parent or guardian invitation',
};

/**
 * The sign-in card as the client draws it (VisitorLayout, PlainCard, same classes), with the school
 * name and a loading line instead of the form: a phone on mobile data shows the screen at once, and
 * the client replaces it in place when its code has arrived.
 */
export function signInShell(schoolName: string, subtitle: string): string {
  const band = `background:${THEME.primary};border-bottom:4px solid ${THEME.secondary}`;
  return (
    `<div class="visitor-frame"><div aria-hidden="true" class="visitor-band" style="${band}"></div>` +
    '<main class="visitor-main">' +
    `<section class="plain-card" style="width:${LAYOUT.loginCardWidth}px">` +
    `<h1 class="plain-card-title">${escapeHtml(schoolName)}</h1>` +
    `<p class="plain-card-subtitle">${escapeHtml(subtitle)}</p><p role="status">Loading…</p></section></main></div>`
  );
}

/**
 * Serves the built client from `webDir`: hashed assets (compressed, cached for a year), the root
 * files, and index.html for every other GET (history mode), with the loading shell on the sign-in
 * screens. Registered before body parsing, sessions and the database: none of it is needed here.
 */
export function serveWebClient(app: NestExpressApplication, webDir: string, schoolName: string): void {
  const indexFile = path.join(webDir, 'index.html');
  // index.html is read again only when it changes (a rebuild while the server runs).
  let cached: { mtimeMs: number; html: string } | undefined;
  const indexHtml = (): string | null => {
    try {
      const { mtimeMs } = statSync(indexFile);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };

  app.use('/assets', compression());
  app.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
  );
  const rootFiles = express.static(webDir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) =>
    SERVER_PATHS.test(req.path) ? next() : rootFiles(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      SERVER_PATHS.test(req.path) ||
      req.path.startsWith('/assets/')
    )
      return next();
    const html = indexHtml();
    if (html === null) {
      res.status(503).type('text/plain').send('The web client is not built yet. Run "npm run build" (or "npm start").');
      return;
    }
    const subtitle = SIGN_IN_SHELLS[req.path];
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html.replace(SHELL_MARK, subtitle ? signInShell(schoolName, subtitle) : ''));
  });
}
