import type { EntityManager } from 'typeorm';
import type { SharedCache } from '../../server/cache/shared-cache.js';

/**
 * The shared cache in this process only: each region keeps what it loaded until a published key (`<kind>:<id>`)
 * makes it forget; `published` lists those keys and whether each came with a caller's transaction.
 */
export function fakeSharedCache(): SharedCache & { published: { key: string; inTransaction: boolean }[] } {
  const regions = new Map<string, Map<string, unknown>>();
  const fake = {
    published: [] as { key: string; inTransaction: boolean }[],
    region(kind: string) {
      const kept = new Map<string, unknown>();
      regions.set(kind, kept);
      return {
        async getOrLoad(key: string, load: () => Promise<unknown>) {
          if (kept.has(key)) return kept.get(key);
          const value = await load();
          if (value !== null) kept.set(key, value);
          return value;
        },
        forget: (key: string) => void kept.delete(key),
      };
    },
    async publish(keys: string[], m?: EntityManager) {
      for (const key of keys) {
        const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
        regions.get(kind)?.delete(id);
        fake.published.push({ key, inTransaction: !!m });
      }
    },
  };
  return fake as unknown as SharedCache & { published: { key: string; inTransaction: boolean }[] };
}
