import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One owner per table (docs/design.md §3): each entity's table is read and written only by the code of one folder of
// server/, whose module exports the repository or service the other features call. This is the one list of owners.
const OWNERS: Record<string, string> = {
  AuditEntry: 'audit',
  CacheInvalidation: 'cache',
  ThrottlerHit: 'common/throttling',
  EthnicGroup: 'lookups',
  FormClass: 'lookups',
  House: 'lookups',
  RegionalCorporation: 'lookups',
  Religion: 'lookups',
  Town: 'lookups',
  User: 'users',
  TermsVersion: 'terms',
  Student: 'students',
  GuardianWrittenAddress: 'students',
  RegistrationStatus: 'students',
  GuardianLink: 'guardian-links',
  OutboxMessage: 'mail',
  MailRun: 'mail',
  StudentFile: 'files',
  SessionRow: 'auth/sessions',
  LoginThrottle: 'auth/sign-in',
  AdminMfa: 'auth/mfa',
  AdminMfaRecoveryCode: 'auth/mfa',
  PasswordResetToken: 'auth/recovery',
  GuardianInvitation: 'guardians',
  TermReport: 'term-reports',
  TermReportLine: 'term-reports',
  TermReportPosting: 'term-reports',
  TermReportClassPosting: 'term-reports',
  TermReportHoldRow: 'term-reports',
  SchoolYearRow: 'school-year',
  ClassRule: 'school-year',
  StudentClass: 'school-year',
  Rollover: 'school-year',
  RolloverStudent: 'school-year',
  RetentionPolicy: 'retention',
  RegistrationArchive: 'registration-round',
  RegistrationRoundMark: 'registration-round',
  RegistrationReview: 'registration-round',
};

// Inside an owner folder, the one file that reads and writes a table, where the folder names it (its module registers
// the entities too). Tables not listed here may be reached from any file of their owner folder.
const OWNER_FILES: Record<string, string> = {
  TermReport: 'term-reports/term-reports.repository.ts',
  TermReportLine: 'term-reports/term-reports.repository.ts',
  TermReportPosting: 'term-reports/postings.repository.ts',
  TermReportClassPosting: 'term-reports/postings.repository.ts',
  TermReportHoldRow: 'term-reports/holds.repository.ts',
};

// Code that copies or compares whole databases, table by table, not one feature's data.
const EXCEPTIONS: Record<string, string> = {
  'database/migrations': 'the migrations build and change every table',
  'app/schema-diff.ts': "compares every entity with the database's schema",
  'ops/backup.ts': 'the backup and restore tool copies whole databases',
};

const SERVER = path.resolve('server');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const files = serverFiles(SERVER).map((file) => ({
  name: path.relative(SERVER, file).split(path.sep).join('/'),
  source: readFileSync(file, 'utf8'),
}));
const inFolder = (name: string, folder: string) => name === folder || name.startsWith(`${folder}/`);

/** Every entity class of server/ with its table: `@Entity('table')` followed by `export class Name`. */
const entities = files.flatMap(({ source }) =>
  [...source.matchAll(/@Entity\(\s*'([a-z_]+)'[^]*?export class (\w+)/g)].map((m) => ({ table: m[1], name: m[2] })),
);

// What reads or writes a table by its entity: a repository of it, a module registering it, an EntityManager or
// query builder call naming it first.
const MANAGER_METHODS =
  'find|findOne|findBy|findOneBy|findOneOrFail|findOneByOrFail|findAndCount|findAndCountBy|count|countBy|exists|' +
  'existsBy|sum|average|minimum|maximum|save|insert|update|upsert|delete|remove|softDelete|restore|increment|' +
  'decrement|create|merge|preload|clear|getRepository|createQueryBuilder|from|into|innerJoin|leftJoin|' +
  'innerJoinAndSelect|leftJoinAndSelect|InjectRepository|getMetadata';

/** Where a file may not reach an entity's table: outside its owner folder, or (byFile) outside its owner file. */
function violations(byFile = false): string[] {
  const found: string[] = [];
  for (const { name, source } of files) {
    if (Object.keys(EXCEPTIONS).some((folder) => inFolder(name, folder))) continue;
    const lineOf = (index: number) => source.slice(0, index).split('\n').length;
    const lines = source.split('\n');
    for (const entity of entities) {
      const owner = byFile ? OWNER_FILES[entity.name] : OWNERS[entity.name];
      if (!owner || (byFile ? name === owner || name.endsWith('.module.ts') : inFolder(name, owner))) continue;
      const patterns = [
        new RegExp(`\\b(?:${MANAGER_METHODS})\\(\\s*${entity.name}\\b`, 'g'),
        new RegExp(`forFeature\\(\\[[^\\]]*\\b${entity.name}\\b`, 'g'),
        // The table named in a query builder, or in raw SQL after a keyword that reads or writes it.
        new RegExp(`\\b(?:${MANAGER_METHODS})\\(\\s*['"\`]${entity.table}['"\`]`, 'g'),
        new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+[\`"']?${entity.table}\\b`, 'gi'),
      ];
      for (const pattern of patterns) {
        for (const m of source.matchAll(pattern)) {
          const line = lineOf(m.index);
          found.push(`${name}:${line}: ${entity.name} (owner: ${owner}): ${lines[line - 1].trim()}`);
        }
      }
    }
  }
  return found;
}

describe('every table has one owner', () => {
  it('lists an owner for every entity, and only entities that exist', () => {
    expect(entities.length).toBeGreaterThan(20);
    expect(entities.map((e) => e.name).sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('reads and writes each table only in its owner folder', () => {
    expect(violations()).toEqual([]);
  });

  it('reads and writes the tables that name an owner file only in that file (its module registers them)', () => {
    for (const [entity, file] of Object.entries(OWNER_FILES)) {
      expect(OWNERS[entity], entity).toBeDefined();
      expect(inFolder(file, OWNERS[entity]), file).toBe(true);
      expect(
        files.some(({ name }) => name === file),
        file,
      ).toBe(true);
    }
    expect(violations(true)).toEqual([]);
  });

  it('builds the throttler storage by dependency injection only (ThrottlingModule)', () => {
    const built = files.filter(({ source }) => /new DbThrottlerStorage\(/.test(source)).map(({ name }) => name);
    expect(built).toEqual([]);
  });
});
