import type { EntityManager } from 'typeorm';
import type { Transactions } from '../../server/database/transactions.js';

/**
 * A manager that is only passed along: a service under a unit spec hands it to its (fake) owners, which ignore it.
 * Any use of it fails loudly, so a service that reaches a table itself, past the table's owner, is caught.
 */
export const PASSED_MANAGER = new Proxy({} as EntityManager, {
  get(_target, property) {
    if (property === 'then') return undefined; // not a promise
    throw new Error(
      `A unit spec's service used the EntityManager itself (.${String(property)}): go through the owner.`,
    );
  },
});

/** Transactions for a unit spec: the work runs at once with PASSED_MANAGER; `committed` counts the transactions. */
export function fakeTransactions(): Transactions & { committed: number } {
  const fake = {
    committed: 0,
    async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
      const result = await work(PASSED_MANAGER);
      fake.committed++;
      return result;
    },
    get manager(): EntityManager {
      return PASSED_MANAGER;
    },
  };
  return fake as unknown as Transactions & { committed: number };
}
