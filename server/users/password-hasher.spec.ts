import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/app-config.js';
import { PasswordHasher } from './password-hasher.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PasswordHasher', () => {
  it('computes at most BCRYPT_CONCURRENCY hashes at once: a burst of sign-ins waits its turn', async () => {
    let running = 0;
    let most = 0;
    const real = bcrypt.compare.bind(bcrypt) as (data: string, hash: string) => Promise<boolean>;
    vi.spyOn(bcrypt, 'compare').mockImplementation(async (data: string | Buffer, hash: string) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await real(String(data), hash);
      } finally {
        running -= 1;
      }
    });
    const hasher = new PasswordHasher(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-hasher-')), BCRYPT_CONCURRENCY: '2' }),
    );
    const hash = await hasher.hash('Sunny-Garden-42');
    const results = await Promise.all(Array.from({ length: 8 }, () => hasher.verify('Sunny-Garden-42', hash)));
    expect(results).toEqual(Array(8).fill(true));
    expect(most).toBe(2);
  });
});
