import type { TermsVersion } from '../../server/terms/entities/terms-version.entity.js';
import type { TermsVersionsRepository } from '../../server/terms/terms-versions.repository.js';

/** The terms_versions table in memory, starting with the versions given (numbered 1, 2, ... in that order). */
export function fakeTermsVersions(texts: string[] = ['The default terms.']): TermsVersionsRepository & {
  rows: TermsVersion[];
} {
  const rows: TermsVersion[] = [];
  const add = async (version: Omit<TermsVersion, 'id'>) => {
    const row = { ...version, id: rows.length + 1 };
    rows.push(row);
    return { ...row };
  };
  for (const text of texts) void add({ text, created_at: '2026-01-01T00:00:00.000Z', created_by: 'system' });
  const fake = {
    rows,
    add,
    async latest() {
      return rows.length ? { ...rows[rows.length - 1] } : null;
    },
    async byId(id: number) {
      const row = rows.find((r) => r.id === id);
      return row ? { ...row } : null;
    },
  };
  return fake as unknown as TermsVersionsRepository & { rows: TermsVersion[] };
}
