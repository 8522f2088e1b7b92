import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';

/** The device cookie's name; one cookie per browser, naming up to MAX_ACCOUNTS accounts. */
export const DEVICE_COOKIE = 'portal.device';
const MAX_ACCOUNTS = 10;
const MAX_AGE_MS = 365 * 24 * 3_600_000;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** A device cookie's value and options, to set on the answer of a successful sign-in. */
export interface DeviceCookie {
  name: string;
  value: string;
  options: CookieOptions;
}

/**
 * OWASP's device cookies (Slow Down Online Guessing Attacks with Device Cookies): a browser that signed
 * in to an account gets a signed, httpOnly cookie naming it. An attempt presenting a valid one is counted
 * on that browser's own key (`device:<nonce>`), not on the account's anonymous lock; so an attacker who
 * locks an account locks out only browsers that never signed in to it.
 *
 * The value is a list of `nonce.signature`, newest first, where the signature is an HMAC (with the
 * session secret) of the account key and the nonce: it names the account without showing it, and a
 * shared computer keeps a few accounts in one short cookie.
 */
export class DeviceCookies {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** The nonce of the browser's valid device cookie for the account, or null. */
  nonceFor(cookies: Record<string, unknown> | undefined, accountKey: string): string | null {
    for (const entry of this.entries(cookies)) {
      const [nonce, sig] = entry.split('.');
      if (!nonce || !sig || !NONCE.test(nonce)) continue;
      const expected = Buffer.from(this.sign(accountKey, nonce));
      const given = Buffer.from(sig);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
    }
    return null;
  }

  /** A new device cookie for the account; keeps the browser's other accounts, drops its old one for this account. */
  issue(cookies: Record<string, unknown> | undefined, accountKey: string): DeviceCookie {
    const old = this.nonceFor(cookies, accountKey);
    const nonce = randomBytes(16).toString('base64url');
    const kept = this.entries(cookies).filter((e) => !old || !e.startsWith(`${old}.`));
    const value = [`${nonce}.${this.sign(accountKey, nonce)}`, ...kept].slice(0, MAX_ACCOUNTS).join('~');
    return {
      name: DEVICE_COOKIE,
      value,
      // Only the sign-in and password routes read it.
      options: { httpOnly: true, sameSite: 'strict', secure: this.secure, path: '/api/', maxAge: MAX_AGE_MS },
    };
  }

  private entries(cookies: Record<string, unknown> | undefined): string[] {
    const raw = cookies?.[DEVICE_COOKIE];
    return typeof raw === 'string' && raw.length <= 2000 ? raw.split('~').slice(0, MAX_ACCOUNTS) : [];
  }

  private sign(accountKey: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`device-cookie\n${accountKey}\n${nonce}`).digest('base64url');
  }
}
