import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { FIRST_VIEW_DATA_ID } from '../../shared/api-types.js';
import type { FirstView, FirstViewSource, RenderFirstView } from '../../shared/first-view.js';
import { precompressedAssets } from './precompressed-assets.js';

/** Paths the server answers itself; every other GET is the single-page client (history mode). */
export const SERVER_PATHS = /^\/(api|sanctum|healthz|readyz)(\/|$)/;

/**
 * Where index.html keeps the place of the page's HTML (web/index.html). It is replaced by a function, so that no `$`
 * in a name (hers, the school's) is read as a replacement pattern.
 */
const PAGE_MARK = '<!--app-shell-->';

/** A page's title element. */
const PAGE_TITLE = /<title>[^<]*<\/title>/;

/** How long a page's first view may wait for her data (a slow database): past it, the page asks for it itself. */
const FIRST_VIEW_BUDGET_MS = 300;

/**
 * The first view's data as a JSON data block the client reads (main.tsx): a data block is never run, and `<` is
 * escaped so no text in it (her name, the school's) can end the element or open a comment.
 */
export function firstViewDataBlock(json: string): string {
  return `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** The page renderer of the built client (web/src/entry-server.tsx, built into `<webDir>/../web-server`). */
async function loadRenderer(webDir: string): Promise<RenderFirstView> {
  const file = path.resolve(webDir, '..', 'web-server', 'entry-server.js');
  const module = (await import(pathToFileURL(file).href)) as { renderFirstView: RenderFirstView };
  return module.renderFirstView;
}

/**
 * Serves the built client from `webDir`: hashed assets (their precompressed copies, cached for a year), the root
 * files, and index.html for every other GET (history mode), with the page drawn in it by the same React components
 * the browser runs (entry-server.tsx), from the data `sourceOf` reads for this request (first-view-source.ts), and that
 * data for the browser to adopt the page with. Registered before body parsing: the session is read by `sourceOf`.
 */
export function serveWebClient(
  app: NestExpressApplication,
  webDir: string,
  sourceOf: (req: Request, res: Response) => Promise<FirstViewSource>,
): void {
  const logger = new Logger('FirstView');
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
  let renderer: Promise<RenderFirstView> | undefined;

  /** The page's first view, or null (the browser draws it) if it fails. */
  const firstView = async (req: Request, res: Response): Promise<FirstView | null> => {
    try {
      renderer ??= loadRenderer(webDir);
      const render = await renderer;
      const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
      return await render(url, withinBudget(await sourceOf(req, res), req.path));
    } catch (error) {
      logger.warn({ msg: 'first view not drawn', path: req.path, error: String(error) });
      return null;
    }
  };

  /**
   * Her data within FIRST_VIEW_BUDGET_MS: a read that is late (a slow database) is drawn as not there yet, as the
   * page draws what is still loading, and the browser asks for it.
   */
  const withinBudget = (source: FirstViewSource, pagePath: string): FirstViewSource => {
    const deadline = Date.now() + FIRST_VIEW_BUDGET_MS;
    const inTime = async <T>(read: Promise<T | null>): Promise<T | null> => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          logger.warn({ msg: 'first view drawn without data that was late', path: pagePath });
          resolve(null);
        }, deadline - Date.now());
      });
      try {
        return await Promise.race([read, late]);
      } finally {
        clearTimeout(timer);
      }
    };
    return {
      session: source.session,
      studentRecord: (id) => inTime(source.studentRecord(id)),
      studentFiles: (id) => inTime(source.studentFiles(id)),
      registrationStatus: () => inTime(source.registrationStatus()),
      schoolYear: () => inTime(source.schoolYear()),
      registrationRound: (id) => inTime(source.registrationRound(id)),
    };
  };

  app.use('/assets', precompressedAssets(path.join(webDir, 'assets')));
  const rootFiles = express.static(webDir, { index: false, maxAge: '1h' });
  // One layer for the client's files and pages: the API's requests pass straight on, tested once (every API request
  // passes here); a file of the client's folder is answered as it is; any other GET is a page, drawn by the server.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (SERVER_PATHS.test(req.path)) return next();
    rootFiles(req, res, (error?: unknown) => {
      if (error) return next(error);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/assets/')) return next();
      drawPage(req, res).catch(next);
    });
  });
  const drawPage = async (req: Request, res: Response): Promise<void> => {
    const html = indexHtml();
    if (html === null) {
      res.status(503).type('text/plain').send('The web client is not built yet. Run "npm run build" (or "npm start").');
      return;
    }
    const view = await firstView(req, res);
    // Drawn for this session's own browser: never kept by a cache.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Cookie');
    // The page's own title (React draws it where the page does) goes where the browser reads it: in the head.
    const title = view ? PAGE_TITLE.exec(view.html)?.[0] : undefined;
    const page = view ? view.html.replace(PAGE_TITLE, '') + firstViewDataBlock(view.data) : '';
    const head = title ? html.replace(PAGE_TITLE, () => title) : html;
    res.type('html').send(head.replace(PAGE_MARK, () => page));
  };
}
