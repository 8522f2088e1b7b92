import { createHash } from 'node:crypto';

/**
 * A throttling key as its table can hold it: unchanged when it fits, otherwise its start and the SHA-256 of the
 * whole key (a guardian's key holds her e-mail address, up to 254 characters). Distinct keys stay distinct.
 */
export function storedKey(key: string, max: number): string {
  if (key.length <= max) return key;
  const digest = createHash('sha256').update(key).digest('base64url');
  return `${key.slice(0, max - digest.length - 1)}~${digest}`;
}
