import { createHash, randomBytes } from 'node:crypto';

/**
 * The random tokens of e-mailed links (password reset, guardian invitation): 256 bits, URL-safe. Only their SHA-256
 * is stored, so the tables cannot be used to follow anyone's link.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a string could be a token the portal made (anything else is answered as an unknown link). */
export function looksLikeLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}
