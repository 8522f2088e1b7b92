import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** The copies the build writes beside each compressible asset (web/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Files the build may have compressed: every answer for them varies with Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|wasm)$/;

/**
 * Serves the hashed assets of `dir` (dist/web/assets) with their precompressed copies: `name.js.br` to a browser that
 * accepts Brotli, `name.js.gz` to one that accepts gzip, the file itself otherwise; with the file's own
 * Content-Type, `Content-Encoding`, `Vary: Accept-Encoding`, a year's immutable caching and the ETag and
 * Last-Modified of express.static (of the copy sent, so each encoding has its own validator). Nothing is compressed
 * per request. A file that does not exist falls through (`next()`), as express.static does.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const serve = express.static(dir, {
    immutable: true,
    maxAge: '365d',
    index: false,
    fallthrough: true,
    // The copies' own names are not served: `x.js.br` is asked for as `x.js`.
    setHeaders(res, file) {
      const encoding = ENCODINGS.find((e) => file.endsWith(e.suffix));
      if (!encoding) return;
      const original = file.slice(0, -encoding.suffix.length);
      res.setHeader('Content-Encoding', encoding.name);
      // send() keeps a Content-Type already set: that of the file asked for, not of `.br`.
      (res as Response).type(path.extname(original));
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return serve(req, res, next);
    res.vary('Accept-Encoding');
    // Only a plain file name under the folder (hashed assets have no sub-folders); anything else is left to
    // express.static, which refuses what leaves the folder.
    const name = req.path.slice(1);
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return serve(req, res, next);
    // The server's order (Brotli is smaller), not the browser's: Chrome sends 'gzip, deflate, br, zstd'.
    const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding || !existsSync(path.join(dir, name + encoding.suffix))) return serve(req, res, next);
    const url = req.url;
    req.url = `/${name}${encoding.suffix}`;
    return serve(req, res, (err?: unknown) => {
      req.url = url; // the copy vanished meanwhile (a rebuild): the rest of the chain sees the address asked for
      next(err);
    });
  };
}
