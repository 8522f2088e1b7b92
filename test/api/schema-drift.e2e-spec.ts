import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/app-config.js';
import { schemaDiffDataSource } from '../../server/app/schema-diff.js';
import { MIGRATIONS } from '../../server/database/migrations/index.js';
import { MARIADB_URL } from '../fixtures/test-app.js';

// The entities and the migrations describe the same schema: after every migration has run on a fresh
// database, TypeORM's schema builder finds nothing to change. An entity changed without a migration
// (or a migration that creates something the entities do not declare) fails here, on both engines.
// The DataSource is the server's, with the schema reader corrected for two dialect quirks (schema-diff.ts).

const engine = process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-drift-'));
const mariaDbName = `portal_drift_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let ds: DataSource;

beforeAll(async () => {
  if (engine === 'mariadb') {
    const conn = await mysql.createConnection(MARIADB_URL);
    await conn.query(`CREATE DATABASE \`${mariaDbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'off',
    LOG_LEVEL: 'silent',
    ...(engine === 'mariadb' ? { DATABASE_URL: `${MARIADB_URL}/${mariaDbName}` } : {}),
  });
  ds = schemaDiffDataSource(config.database);
  await ds.initialize();
});

afterAll(async () => {
  await ds?.destroy();
  if (engine === 'mariadb') {
    const conn = await mysql.createConnection(MARIADB_URL);
    await conn.query(`DROP DATABASE IF EXISTS \`${mariaDbName}\``);
    await conn.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('the migrations build exactly the schema the entities declare', async () => {
  expect(await ds.runMigrations()).toHaveLength(MIGRATIONS.length);
  const { upQueries } = await ds.driver.createSchemaBuilder().log();
  expect(upQueries.map((q) => q.query)).toEqual([]);
});
