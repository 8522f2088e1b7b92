import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SESSION_DATA_ID, type SessionInfo } from '../../shared/api-types.js';
import { signInFormShell, signInShell, type SignInShellOptions } from './sign-in-shell.js';
import { pageShell, pageShellKind, type StudentPageViewer } from './page-shells.js';
import { precompressedAssets } from './precompressed-assets.js';

/** Paths the server answers itself; every other GET is the single-page client (history mode). */
export const SERVER_PATHS = /^\/(api|sanctum|healthz|readyz)(\/|$)/;

/**
 * Where index.html keeps the place of the loading shell (web/index.html). It is replaced by a function, so that no `$`
 * in a name (hers, the school's) is read as a replacement pattern.
 */
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
 * The session's answer as a JSON data block the client reads instead of asking for it
 * (web/src/lib/embedded-session.ts): a data block is never run, and `<` is escaped so no text in it can end the
 * element.
 */
export function sessionDataBlock(session: SessionInfo): string {
  const json = JSON.stringify(session).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_DATA_ID}">${json}</script>`;
}

/**
 * Serves the built client from `webDir`: hashed assets (their precompressed copies, cached for a year), the root
 * files, and index.html for every other GET (history mode), with a loading frame on every screen: the sign-in
 * card on the sign-in screens (on /, /admin and /guardian-login the sign-in form itself: sign-in-shell.ts), the
 * layout's chrome on the others (page-shells.ts). Registered before body parsing, sessions and the database: only
 * a student page asks `viewerOf` who is signed in (it reads the session itself), for the head of the page.
 */
export function serveWebClient(
  app: NestExpressApplication,
  webDir: string,
  schoolName: string,
  shellOptions: SignInShellOptions = {},
  viewerOf?: (req: Request, res: Response) => Promise<StudentPageViewer | null>,
): void {
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

  app.use('/assets', precompressedAssets(path.join(webDir, 'assets')));
  const rootFiles = express.static(webDir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) =>
    SERVER_PATHS.test(req.path) ? next() : rootFiles(req, res, next),
  );
  app.use(async (req: Request, res: Response, next: NextFunction) => {
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
    if (subtitle) {
      res.setHeader('Cache-Control', 'no-cache');
      const shell = signInShell(schoolName, subtitle, signInFormShell(req.path, shellOptions));
      res.type('html').send(html.replace(SHELL_MARK, () => shell));
      return;
    }
    // A student page's first view says whose it is: drawn for the session's own browser, never kept by a cache. If
    // the session cannot be read, she gets the frame without it, and the client says what went wrong.
    const viewer =
      viewerOf && pageShellKind(req.path) === 'student' ? await viewerOf(req, res).catch(() => null) : null;
    res.setHeader('Cache-Control', viewer ? 'no-store' : 'no-cache');
    res.setHeader('Vary', 'Cookie');
    const session = viewer?.session ? sessionDataBlock(viewer.session) : '';
    const shell = pageShell(req.path, schoolName, viewer) + session;
    res.type('html').send(html.replace(SHELL_MARK, () => shell));
  });
}
