import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/app-config.js';
import { dataSourceOptions } from '../../server/app/data-source-options.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { PasswordHasher } from '../../server/users/password-hasher.js';
import { HttpSession } from '../fixtures/http-session.js';
import { SERVER_ENTRY, startServerProcess, type ServerProcess } from '../fixtures/server-process.js';
import { MARIADB_URL } from '../fixtures/test-app.js';

// WEB_CONCURRENCY: the production start with one worker process per core (server/cluster.ts), on MariaDB; the
// embedded SQLite refuses it and keeps one process.

const engine = process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
const dbName = `portal_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const env: Record<string, string> = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'a-secret-shared-by-every-worker-0123456789',
  ALLOW_INSECURE_HTTP: 'true', // plain HTTP on 127.0.0.1
  WEB_CONCURRENCY: '2',
  ...(engine === 'mariadb' ? { DATABASE_URL: `${MARIADB_URL}/${dbName}` } : {}),
};
const PASSWORD = 'Mango-Season-21';
const STUDENTS = ['7101', '7102', '7103', '7104', '7105', '7106'];
/** The processes whose parent is `pid` (ps answers nothing, exit status 1, when there are none). */
const workersOf = (pid: number) =>
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.trim());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  if (engine === 'mariadb') {
    const c = await mysql.createConnection(MARIADB_URL);
    await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await c.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// Each engine registers only its own tests (nothing is reported as skipped).
if (engine === 'sqlite')
  describe('WEB_CONCURRENCY on the embedded SQLite', () => {
    it('is refused at start with a message naming it: SQLite keeps one process', () => {
      let status: number | null = 0;
      let output = '';
      try {
        execFileSync(process.execPath, [SERVER_ENTRY], { env: { PATH: process.env.PATH, ...env }, stdio: 'pipe' });
      } catch (e) {
        const failure = e as { status: number | null; stderr: Buffer };
        status = failure.status;
        output = failure.stderr.toString();
      }
      expect(status).toBe(78);
      expect(output).toContain('WEB_CONCURRENCY');
      expect(output).toContain('one process');
    });
  });
else
  describe('two workers on MariaDB', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      const c = await mysql.createConnection(MARIADB_URL);
      await c.query(`CREATE DATABASE \`${dbName}\``);
      await c.end();
      server = await startServerProcess(env);
      const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
      const ds = new DataSource(dataSourceOptions(config.database));
      await ds.initialize();
      const now = new Date().toISOString();
      const hash = await new PasswordHasher(config).hash(PASSWORD);
      for (const id of STUDENTS) {
        await ds.getRepository(Student).insert({
          id,
          first_name: 'Ria',
          last_name: `Persad ${id}`,
          class_id: '1A',
          date_of_birth: '2013-02-03',
          created_at: now,
          updated_at: now,
        });
        await ds.getRepository(User).insert({
          role: 'student',
          student_id: id,
          username: null,
          display_name: `Ria Persad ${id}`,
          password_reset: 0,
          created_at: now,
          updated_at: now,
          password_hash: hash,
        });
      }
      await ds.destroy();
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
    });

    const signIn = async (id: string) => {
      const s = new HttpSession(server.baseUrl);
      expect((await s.post('/api/login-student', { student_id: id, password: PASSWORD })).status).toBe(200);
      return s;
    };

    it('runs two worker processes under the one started', () => {
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)])
        .toString()
        .trim();
      expect(children.split('\n')).toHaveLength(2);
    });

    it('loses no answer saved through both workers at once', async () => {
      const sessions = await Promise.all(STUDENTS.map(signIn));
      // Every student saves 8 fields at once, each its own request: 48 writes spread over the two workers.
      const fields = (id: string, n: number) => ({ id, home_address: `${n} Cluster Road, ${id}` });
      const saves = await Promise.all(
        sessions.flatMap((s, i) =>
          Array.from({ length: 8 }, (_, n) =>
            s.post('/api/student', n % 2 ? fields(STUDENTS[i], n) : { id: STUDENTS[i], place_of_birth: `Town ${n}` }),
          ),
        ),
      );
      expect(saves.map((r) => r.status)).toEqual(saves.map(() => 200));
      const records = await Promise.all(sessions.map((s, i) => s.get(`/api/student-record/${STUDENTS[i]}`)));
      for (const [i, res] of records.entries()) {
        const [record] = (await res.json()) as { home_address: string; place_of_birth: string }[];
        expect(record.home_address).toMatch(new RegExp(`^[1357] Cluster Road, ${STUDENTS[i]}$`));
        expect(record.place_of_birth).toMatch(/^Town [0246]$/);
      }
    });

    it('honours a sign-out on every worker within a second', async () => {
      const s = await signIn(STUDENTS[0]);
      // Reads spread over both workers, so that each keeps the session in memory.
      for (let n = 0; n < 10; n++) expect((await s.get(`/api/student-record/${STUDENTS[0]}`)).status).toBe(200);
      expect((await s.post('/logout')).status).toBe(204);
      await sleep(1000);
      for (let n = 0; n < 10; n++) expect((await s.get(`/api/student-record/${STUDENTS[0]}`)).status).toBe(401);
    });

    it('stops every worker on SIGTERM and exits 0', async () => {
      const pid = server.child.pid!;
      expect(await server.stop()).toBe(0);
      expect(workersOf(pid)).toEqual([]);
    });
  });
