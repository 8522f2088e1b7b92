import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** helmet with a strict CSP. */
export function helmetOptions(secureCookies: boolean): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its component styles at run time into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: secureCookies,
  };
}

/**
 * helmet's headers with a strict CSP, plus a Permissions-Policy (helmet sets none: every browser feature off, but
 * the camera — a phone's camera for a document or the picture, through the file input's `capture` — and fullscreen
 * — the PDF viewer — for this origin only). They are the same on every answer, so helmet runs once, here, and each
 * request gets the list it wrote (helmet's dozen middlewares per request were a tenth of an API answer's cost).
 */
export function securityHeaders(secureCookies: boolean): RequestHandler {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(helmetOptions(secureCookies))({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
