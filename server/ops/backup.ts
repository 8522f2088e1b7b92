import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { AppConfig, DatabaseConfig } from '../config/app-config.js';

type MysqlConfig = Extract<DatabaseConfig, { type: 'mysql' }>;

interface Manifest {
  format: 1;
  created_at: string;
  engine: 'sqlite' | 'mysql';
  database_file: string;
}

function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; stdin?: string; stdout?: string } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const out = opts.stdout ? createWriteStream(opts.stdout) : null;
    if (out) child.stdout.pipe(out);
    else child.stdout.resume();
    if (opts.stdin) pipeline(createReadStream(opts.stdin), child.stdin).catch(reject);
    else child.stdin.end();
    child.on('error', (e) => reject(new Error(`${cmd} could not be started (${e.message}); is it installed?`)));
    child.on('close', (code) => {
      const finish = () =>
        code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${stderr.trim().slice(0, 500)}`));
      if (out) out.close(finish);
      else finish();
    });
  });
}

function mysqlArgs(db: MysqlConfig): { args: string[]; env: NodeJS.ProcessEnv } {
  // The password goes through the environment, not the command line other users can read.
  return {
    args: [`--host=${db.host}`, `--port=${db.port}`, `--user=${db.username}`, '--protocol=TCP'],
    env: { MYSQL_PWD: db.password },
  };
}

const firstAvailable = (...names: string[]) =>
  names.find((n) => ['/usr/bin', '/usr/local/bin'].some((d) => existsSync(path.join(d, n)))) ?? names[0];

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * Writes one dated archive with a consistent copy of the database (SQLite's online backup API while
 * the server runs; mysqldump --single-transaction for MariaDB) and the uploads folder.
 */
export async function backup(config: AppConfig, outDir = path.join(config.dataDir, 'backups')): Promise<string> {
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  try {
    const db = config.database;
    const databaseFile = db.type === 'better-sqlite3' ? 'database.sqlite' : 'database.sql';
    if (db.type === 'better-sqlite3') {
      const source = new Database(db.database, { readonly: true, fileMustExist: true });
      try {
        await source.backup(path.join(staging, databaseFile));
      } finally {
        source.close();
      }
    } else {
      const { args, env } = mysqlArgs(db);
      await run(
        firstAvailable('mariadb-dump', 'mysqldump'),
        [...args, '--single-transaction', '--skip-lock-tables', '--no-tablespaces', '--routines', db.database],
        {
          env,
          stdout: path.join(staging, databaseFile),
        },
      );
    }
    if (existsSync(config.uploadsDir)) await cp(config.uploadsDir, path.join(staging, 'uploads'), { recursive: true });
    else await mkdir(path.join(staging, 'uploads'));
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      engine: db.type === 'better-sqlite3' ? 'sqlite' : 'mysql',
      database_file: databaseFile,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(outDir, { recursive: true });
    const archive = path.join(outDir, `portal-backup-${stamp()}.tar.gz`);
    await run('tar', ['-czf', `${archive}.partial`, '-C', staging, '.']);
    await rename(`${archive}.partial`, archive);
    return archive;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function targetIsEmpty(config: AppConfig): Promise<boolean> {
  const db = config.database;
  if (db.type === 'better-sqlite3') {
    if (!existsSync(db.database)) return true;
    const conn = new Database(db.database, { readonly: true });
    try {
      const row = conn
        .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'students'")
        .get() as { n: number };
      return row.n === 0 || (conn.prepare('SELECT count(*) AS n FROM students').get() as { n: number }).n === 0;
    } finally {
      conn.close();
    }
  }
  const mysql = await import('mysql2/promise');
  const conn = await mysql.createConnection({
    host: db.host,
    port: db.port,
    user: db.username,
    password: db.password,
    database: db.database,
  });
  try {
    const [tables] = await conn.query("SHOW TABLES LIKE 'students'");
    if ((tables as unknown[]).length === 0) return true;
    const [rows] = await conn.query('SELECT count(*) AS n FROM students');
    return Number((rows as { n: number }[])[0].n) === 0;
  } finally {
    await conn.end();
  }
}

/**
 * Puts an archive back: the database and the uploads. Refuses to overwrite a database that already
 * holds students unless `force` (stop the server first). The uploads it replaces are kept aside.
 */
export async function restore(config: AppConfig, archive: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(archive)) throw new Error(`No such backup: ${archive}`);
  if (!opts.force && !(await targetIsEmpty(config))) {
    throw new Error(
      'The target database already holds students. Stop the server and run restore with --force to replace it.',
    );
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  try {
    await run('tar', ['-xzf', archive, '-C', staging]);
    const manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    const dbFile = path.join(staging, manifest.database_file);
    const db = config.database;
    if ((manifest.engine === 'sqlite') !== (db.type === 'better-sqlite3')) {
      const configured = db.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
      throw new Error(`This backup is of a ${manifest.engine} database; the configured database is ${configured}.`);
    }
    if (db.type === 'better-sqlite3') {
      await mkdir(path.dirname(db.database), { recursive: true });
      for (const suffix of ['-wal', '-shm']) await rm(`${db.database}${suffix}`, { force: true });
      await cp(dbFile, `${db.database}.restoring`);
      await rename(`${db.database}.restoring`, db.database);
    } else {
      const { args, env } = mysqlArgs(db);
      await run(firstAvailable('mariadb', 'mysql'), [...args, db.database], { env, stdin: dbFile });
    }
    if (existsSync(config.uploadsDir) && (await readdir(config.uploadsDir)).length > 0) {
      await rename(config.uploadsDir, `${config.uploadsDir}.before-restore-${stamp()}`);
    }
    await mkdir(path.dirname(config.uploadsDir), { recursive: true });
    await cp(path.join(staging, 'uploads'), config.uploadsDir, { recursive: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
