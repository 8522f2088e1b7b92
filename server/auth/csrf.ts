import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../shared/constants.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit token (OWASP): the readable XSRF-TOKEN cookie must be echoed in X-XSRF-TOKEN
 * on every state-changing request, and must carry our signature, so a cookie planted by a sibling
 * site cannot be used to forge one.
 */
export class Csrf {
  constructor(private readonly secret: string) {}

  issue(): string {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${this.sign(nonce)}`;
  }

  verify(cookieToken: unknown, headerToken: unknown): boolean {
    if (typeof cookieToken !== 'string' || typeof headerToken !== 'string') return false;
    const a = Buffer.from(cookieToken);
    const b = Buffer.from(headerToken);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
    const [nonce, signature] = cookieToken.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${nonce}`).digest('base64url');
  }

  setCookie(res: Response, secure: boolean): void {
    res.cookie(CSRF_COOKIE, this.issue(), { httpOnly: false, sameSite: 'lax', secure, path: '/' });
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (SAFE_METHODS.has(req.method)) return next();
      const cookieToken = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
      if (this.verify(cookieToken, req.get(CSRF_HEADER))) return next();
      res.status(403).json({ statusCode: 403, message: MESSAGES.csrf });
    };
  }
}
