import { createHmac, randomBytes } from 'node:crypto';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { MESSAGES } from '../../../shared/constants.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/**
 * Before sign-in there is no session to bind the token to: this httpOnly cookie, random per browser,
 * stands in for it (pages cannot read it, so a token cannot be re-minted for it by script).
 */
export const CSRF_BINDING_COOKIE = 'portal.csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Valid tokens remembered at most (about one per signed-in browser), the oldest forgotten first. */
const CHECKED_KEPT = 20_000;
/** The longest token remembered: csrf-csrf's (an HMAC and the random part, in hex) is 113 characters. */
const TOKEN_MAX_LENGTH = 200;

type Cookies = Record<string, string>;

/**
 * Session-bound CSRF token (OWASP "signed double-submit cookie", bound to the session), by csrf-csrf: the readable
 * XSRF-TOKEN cookie must be echoed in X-XSRF-TOKEN on every state-changing request, and must be
 * `HMAC(secret, binding + random).random` where the binding is this browser's session id once signed in (a secret
 * in the httpOnly session cookie, new at every sign-in and password change), and before sign-in the random httpOnly
 * `portal.csrf` cookie. So a token minted in one browser is refused in another, and the token from before sign-in
 * no longer works after it: whenever a request changes the binding (sign-in, password change, sign-out, an expired
 * session), its answer carries a fresh token (docs/design.md, CSRF).
 */
export class Csrf {
  private readonly csrf: DoubleCsrfUtilities;
  /** Tokens found valid for their binding, as `binding + token`: an HMAC's answer never changes (nor the secret). */
  private readonly valid = new Set<string>();

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    // The session secret also signs the session cookie: the CSRF tokens are signed with a key derived for them alone.
    const csrfSecret = createHmac('sha256', secret).update('csrf-token-key').digest('base64url');
    this.csrf = doubleCsrf({
      getSecret: () => csrfSecret,
      getSessionIdentifier: (req) => this.binding(req) ?? '',
      cookieName: CSRF_COOKIE,
      cookieOptions: { httpOnly: false, sameSite: 'lax', secure, path: '/' },
      size: 24,
      // Asked only once the header is known to echo the cookie (verify) or for the cookie alone (the rotation): the
      // cookie's token is checked against itself, which leaves csrf-csrf the HMAC for this binding.
      getCsrfTokenFromRequest: (req) => (req.cookies as Cookies)[CSRF_COOKIE],
    });
  }

  /** What this request's token must be bound to, or null when an anonymous browser has no binding cookie yet. */
  private binding(req: Request): string | null {
    if (req.session?.userId !== undefined && req.sessionID) return `session:${req.sessionID}`;
    const anon = (req.cookies as Cookies | undefined)?.[CSRF_BINDING_COOKIE];
    return typeof anon === 'string' && /^[\w-]{32,64}$/.test(anon) ? `anonymous:${anon}` : null;
  }

  /**
   * Whether the header echoes the XSRF-TOKEN cookie and that token was minted for this request's binding (csrf-csrf's
   * check, its HMAC remembered once valid: holdsValidToken).
   */
  verify(req: Request): boolean {
    const header = req.get(CSRF_HEADER);
    const echoed = typeof header === 'string' && header !== '' && header === (req.cookies as Cookies)[CSRF_COOKIE];
    return echoed && this.holdsValidToken(req);
  }

  /**
   * Whether the XSRF-TOKEN cookie the browser holds (if any) was minted for this request's binding. Asked on every
   * answer (the rotation below) and every change (verify): a valid token's HMAC is worked out once per binding, and
   * remembered.
   */
  private holdsValidToken(req: Request): boolean {
    const binding = this.binding(req);
    const token = (req.cookies as Cookies)[CSRF_COOKIE];
    if (binding === null || typeof token !== 'string') return false;
    const key = `${binding}\n${token}`;
    if (this.valid.has(key)) return true;
    const valid = this.csrf.validateRequest(req);
    // Only a token minted here is remembered (its length is the library's): what a browser makes up is not kept.
    if (valid && token.length <= TOKEN_MAX_LENGTH) {
      if (this.valid.size >= CHECKED_KEPT) this.valid.delete(this.valid.keys().next().value!);
      this.valid.add(key);
    }
    return valid;
  }

  /** Sets a fresh XSRF-TOKEN cookie for the request's current binding (creating the anonymous one if needed). */
  setCookie(req: Request, res: Response): void {
    req.cookies ??= {};
    if (!this.binding(req)) {
      const anon = randomBytes(24).toString('base64url');
      res.cookie(CSRF_BINDING_COOKIE, anon, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
      // Later code in this request (the rotation hook, the token below) sees the browser's new binding.
      (req.cookies as Cookies)[CSRF_BINDING_COOKIE] = anon;
    }
    const token = this.csrf.generateCsrfToken(req, res, { overwrite: true });
    (req.cookies as Cookies)[CSRF_COOKIE] = token;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      req.cookies ??= {};
      // Rotation: a browser holding a token its binding no longer accepts (it just signed in, changed
      // its password or signed out, or its session expired) gets a fresh one with this answer.
      onHeaders(res, () => {
        if ((req.cookies as Cookies)[CSRF_COOKIE] !== undefined && !this.holdsValidToken(req)) this.setCookie(req, res);
      });
      if (SAFE_METHODS.has(req.method)) return next();
      if (this.verify(req)) return next();
      res.status(403).json({ statusCode: 403, message: MESSAGES.csrf });
    };
  }
}
