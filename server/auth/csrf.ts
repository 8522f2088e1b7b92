import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../shared/constants.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/**
 * Before sign-in there is no session to bind the token to: this httpOnly cookie, random per browser,
 * stands in for it (pages cannot read it, so a token cannot be re-minted for it by script).
 */
export const CSRF_BINDING_COOKIE = 'portal.csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Session-bound CSRF token (OWASP "signed double-submit cookie", bound to the session): the readable
 * XSRF-TOKEN cookie must be echoed in X-XSRF-TOKEN on every state-changing request, and must be
 * `nonce.HMAC(secret, binding + nonce)` where the binding is this browser's session id once signed in
 * (a secret in the httpOnly session cookie, new at every sign-in and password change), and before
 * sign-in the random httpOnly `portal.csrf` cookie. So a token minted in one browser is refused in
 * another, and the token from before sign-in no longer works after it: whenever a request changes the
 * binding (sign-in, password change, sign-out, an expired session), its answer carries a fresh token.
 */
export class Csrf {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** What this request's token must be bound to, or null when an anonymous browser has no binding cookie yet. */
  private binding(req: Request): string | null {
    if (req.session?.userId !== undefined && req.sessionID) return `session:${req.sessionID}`;
    const anon = (req.cookies as Record<string, string> | undefined)?.[CSRF_BINDING_COOKIE];
    return typeof anon === 'string' && /^[\w-]{32,64}$/.test(anon) ? `anonymous:${anon}` : null;
  }

  private sign(binding: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${binding}:${nonce}`).digest('base64url');
  }

  /** Whether the token was minted for this request's binding. */
  private validFor(req: Request, token: unknown): boolean {
    const binding = this.binding(req);
    if (!binding || typeof token !== 'string') return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(binding, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  verify(req: Request, headerToken: unknown): boolean {
    const cookieToken = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
    if (typeof cookieToken !== 'string' || typeof headerToken !== 'string') return false;
    const a = Buffer.from(cookieToken);
    const b = Buffer.from(headerToken);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
    return this.validFor(req, cookieToken);
  }

  /** Sets a fresh XSRF-TOKEN cookie for the request's current binding (creating the anonymous one if needed). */
  setCookie(req: Request, res: Response): void {
    let binding = this.binding(req);
    if (!binding) {
      const anon = randomBytes(24).toString('base64url');
      res.cookie(CSRF_BINDING_COOKIE, anon, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
      // Later code in this request (the rotation hook) sees the browser's new binding.
      (req.cookies as Record<string, string>)[CSRF_BINDING_COOKIE] = anon;
      binding = `anonymous:${anon}`;
    }
    const nonce = randomBytes(24).toString('base64url');
    const token = `${nonce}.${this.sign(binding, nonce)}`;
    res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: this.secure, path: '/' });
    (req.cookies as Record<string, string>)[CSRF_COOKIE] = token;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      req.cookies ??= {};
      // Rotation: a browser holding a token its binding no longer accepts (it just signed in, changed
      // its password or signed out, or its session expired) gets a fresh one with this answer.
      this.onHeaders(res, () => {
        const held = (req.cookies as Record<string, string>)[CSRF_COOKIE];
        if (held !== undefined && !this.validFor(req, held)) this.setCookie(req, res);
      });
      if (SAFE_METHODS.has(req.method)) return next();
      if (this.verify(req, req.get(CSRF_HEADER))) return next();
      res.status(403).json({ statusCode: 403, message: MESSAGES.csrf });
    };
  }

  /** Runs `fn` just before the answer's headers are written (as the on-headers package does). */
  private onHeaders(res: Response, fn: () => void): void {
    const writeHead = res.writeHead;
    let done = false;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!done) {
        done = true;
        if (!this.headersSent) fn();
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
  }
}
