import { createHash } from 'node:crypto';

/**
 * A throttling key as its table can hold it and compare it: unchanged when it fits and is printable ASCII, otherwise
 * its start and the SHA-256 of the whole key (a guardian's key holds her e-mail address, up to 254 characters).
 * Distinct keys stay distinct on both engines: MariaDB's collation compares case and accents loosely, so a key with
 * other characters is never stored as it is (the callers lower-case their keys), and a long one never loses its end.
 */
export function storedKey(key: string, max: number): string {
  if (key.length <= max && /^[\x20-\x7e]*$/.test(key)) return key;
  const digest = createHash('sha256').update(key).digest('base64url');
  const start = key.slice(0, max - digest.length - 1).replace(/[^\x20-\x7e]/g, '_');
  return `${start}~${digest}`;
}
