import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/app-config.js';
import { dataSourceOptions } from '../../server/app/data-source-options.js';
import { MIGRATIONS } from '../../server/database/migrations/index.js';
import { backup, restore } from '../../server/ops/backup.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { createStudent, MARIADB_URL, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An empty database of the suite's engine, for restoring or migrating into. */
async function emptyTarget(): Promise<{ env: Record<string, string>; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-target-'));
  if (t.engine === 'sqlite')
    return { env: { DATA_DIR: dataDir }, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `portal_target_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const conn = await mysql.createConnection(MARIADB_URL);
  await conn.query(`CREATE DATABASE \`${name}\``);
  await conn.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: `${MARIADB_URL}/${name}` },
    dataDir,
    async drop() {
      const c = await mysql.createConnection(MARIADB_URL);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('health', () => {
  it('reports the process up and the database ready', async () => {
    expect((await request(t.app.getHttpServer()).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await request(t.app.getHttpServer()).get('/readyz').expect(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.checks).toMatchObject({ database: 'ok', migrations: 'ok', uploads: 'ok' });
    expect(ready.body.chromium).toBe('available');
    expect(ready.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('answers 503 naming the failing check when the uploads folder cannot be written', async () => {
    const noUploads = await startTestApp();
    try {
      rmSync(noUploads.config.uploadsDir, { recursive: true, force: true });
      writeFileSync(noUploads.config.uploadsDir, 'a file where the folder should be');
      const res = await request(noUploads.app.getHttpServer()).get('/readyz').expect(503);
      expect(res.body).toMatchObject({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', uploads: 'failed' },
        message: 'The service is not ready.',
      });
      expect((await request(noUploads.app.getHttpServer()).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    } finally {
      rmSync(noUploads.config.uploadsDir, { force: true });
      await noUploads.close();
    }
  });
});

it('stays ready without Chromium, saying PDFs are unavailable', async () => {
  const noChromium = await startTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  try {
    const ready = await request(noChromium.app.getHttpServer()).get('/readyz').expect(200);
    expect(ready.body.chromium).toBe('unavailable');
  } finally {
    await noChromium.close();
  }
});

describe('backup and restore', () => {
  it('restores a backup taken while the server runs into an empty data folder, every student and file', async () => {
    for (let n = 0; n < 12; n++) await createStudent(t, { id: `50${n}`, first_name: `Name${n}` });
    mkdirSync(path.join(t.config.uploadsDir, 'ab'), { recursive: true });
    writeFileSync(path.join(t.config.uploadsDir, 'ab', 'stored-file.pdf'), '%PDF-1.4 test bytes');

    const archive = await backup(t.config, mkdtempSync(path.join(tmpdir(), 'portal-archives-')));
    expect(path.basename(archive)).toMatch(/^portal-backup-\d{8}-\d{6}\.tar\.gz$/);

    const target = await emptyTarget();
    try {
      const config = loadConfig({ ...target.env, SEED_DEMO: 'off', LOG_LEVEL: 'silent' });
      await restore(config, archive);
      expect(readFileSync(path.join(config.uploadsDir, 'ab', 'stored-file.pdf'), 'utf8')).toBe('%PDF-1.4 test bytes');
      const ds = new DataSource(dataSourceOptions(config.database));
      await ds.initialize();
      try {
        const ids = (await ds.getRepository(Student).find({ select: { id: true } })).map((s) => s.id).sort();
        expect(ids).toEqual(Array.from({ length: 12 }, (_, n) => `50${n}`).sort());
      } finally {
        await ds.destroy();
      }
      // A second restore over a database that now holds students is refused without --force.
      await expect(restore(config, archive)).rejects.toThrow(/already holds students/);
    } finally {
      await target.drop();
    }
  });
});

describe('migrations', () => {
  it('migrate an empty database up, down and up again', async () => {
    const target = await emptyTarget();
    const config = loadConfig({ ...target.env, SEED_DEMO: 'off' });
    const ds = new DataSource(dataSourceOptions(config.database));
    await ds.initialize();
    try {
      expect(await ds.runMigrations()).toHaveLength(MIGRATIONS.length);
      for (let n = 0; n < MIGRATIONS.length; n++) await ds.undoLastMigration();
      const tables = await ds.query(
        t.engine === 'sqlite'
          ? "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name <> 'migrations'"
          : 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND ' +
              "table_name <> 'migrations'",
      );
      expect(tables).toEqual([]);
      expect(await ds.runMigrations()).toHaveLength(MIGRATIONS.length);
      expect(await ds.showMigrations()).toBe(false);
    } finally {
      await ds.destroy();
      await target.drop();
    }
  });
});

it('keeps uploads out of any static route', async () => {
  mkdirSync(t.config.uploadsDir, { recursive: true });
  writeFileSync(path.join(t.config.uploadsDir, 'secret.pdf'), '%PDF-1.4');
  for (const p of ['/uploads/secret.pdf', '/data/uploads/secret.pdf', '/secret.pdf']) {
    const res = await request(t.app.getHttpServer()).get(p);
    expect(res.text).not.toContain('%PDF');
  }
  expect(existsSync(path.join(t.config.uploadsDir, 'secret.pdf'))).toBe(true);
});
