import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/constants.js';
import { waitPhrase } from '../../shared/waiting.js';
import { loadConfig } from '../../server/config/app-config.js';
import { dataSourceOptions } from '../../server/app/data-source-options.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { TermReport } from '../../server/term-reports/entities/term-report.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { PasswordHasher } from '../../server/users/password-hasher.js';
import { samplePdf } from '../fixtures/files.js';
import { HttpSession } from '../fixtures/http-session.js';
import { startServerProcess, type ServerProcess } from '../fixtures/server-process.js';
import { addresses, startSmtp, type TestSmtp } from '../fixtures/smtp.js';
import { MARIADB_URL } from '../fixtures/test-app.js';

// Two server processes, started exactly as the Docker image starts one, on one database and one
// uploads folder: what a load balancer in front of several instances relies on.

const engine = process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-instances-'));
const dbName = `portal_inst_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const env: Record<string, string> = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'a-shared-secret-for-both-instances-0123456789',
  ALLOW_INSECURE_HTTP: 'true', // plain HTTP on 127.0.0.1
  ADMIN_USERNAME: 'office',
  ADMIN_PASSWORD: 'Office-Admin-Pass-1',
  ...(engine === 'mariadb' ? { DATABASE_URL: `${MARIADB_URL}/${dbName}` } : {}),
};
let a: ServerProcess;
let b: ServerProcess;
let smtp: TestSmtp;

beforeAll(async () => {
  // A real mail server that both instances send to, looking for due messages every second.
  smtp = await startSmtp();
  Object.assign(env, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '1', PUBLIC_URL: 'https://portal.example.tt' });
  if (engine === 'mariadb') {
    const c = await mysql.createConnection(MARIADB_URL);
    await c.query(`CREATE DATABASE \`${dbName}\``);
    await c.end();
  }
  // Both start at once: one migrates while the other waits for the migration lock.
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ds = new DataSource(dataSourceOptions(config.database));
  await ds.initialize();
  const now = new Date().toISOString();
  await ds.getRepository(Student).insert({
    id: '7001',
    first_name: 'Ria',
    last_name: 'Persad',
    class_id: '3A',
    date_of_birth: '2011-02-03',
    created_at: now,
    updated_at: now,
  });
  await ds.getRepository(User).insert({
    role: 'student',
    student_id: '7001',
    username: null,
    display_name: 'Ria Persad',
    password_reset: 0,
    created_at: now,
    updated_at: now,
    password_hash: await new PasswordHasher(config).hash('Mango-Season-21'),
  });
  await ds.getRepository(TermReport).insert({
    student_id: '7001',
    year: 2025,
    term: 2,
    class_id: '3A',
    form_level: 3,
    created_at: now,
    updated_at: now,
  });
  await ds.destroy();
}, 90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shared database, opened beside the two instances (for what a test does behind their backs). */
async function withDatabase<T>(work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource(dataSourceOptions(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database));
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  if (engine === 'mariadb') {
    const c = await mysql.createConnection(MARIADB_URL);
    await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await c.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('accept a session started on either instance', async () => {
    const onA = new HttpSession(a.baseUrl);
    expect((await onA.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' })).status).toBe(
      200,
    );
    const onB = onA.on(b.baseUrl);
    const record = await onB.get('/api/student-record/7001');
    expect(record.status).toBe(200);
    expect(((await record.json()) as { id: string }[])[0]).toMatchObject({ id: '7001', first_name: 'Ria' });
    expect((await onB.post('/logout')).status).toBe(204);
    expect((await onA.get('/api/student-record/7001')).status).toBe(401);
  });

  // Each instance keeps a session and its account a few seconds in memory (server/cache): what it keeps must
  // not outlive a sign-out or a password change made through the other by more than a second.
  it('end on both a session signed out through one: at once there, within a second on the other', async () => {
    const signIn = async () => {
      const s = new HttpSession(a.baseUrl);
      expect((await s.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' })).status).toBe(
        200,
      );
      return s;
    };
    // The control: a session removed from the database behind both instances' backs is still answered from
    // B's memory, so what follows is the published sign-out reaching B, not B reading the database. On a loaded
    // machine B may not have read the changes within the last second, and then it reads the database (and finds no
    // session): the row is put back and the control tried again, each time right after B has read it.
    const control = (await signIn()).on(b.baseUrl);
    const read = async () => (await control.get('/api/student-record/7001')).status;
    const fromMemory = await withDatabase(async (ds) => {
      const kept = await ds.getRepository(SessionRow).find();
      for (let attempt = 0; attempt < 10; attempt++) {
        await expect.poll(read, { timeout: 10_000 }).toBe(200);
        await ds.query('DELETE FROM sessions');
        if ((await read()) === 200) return true;
        await ds.getRepository(SessionRow).save(kept);
      }
      return false;
    });
    expect(fromMemory, 'B answers a session from its memory a moment after it was read').toBe(true);

    const onA = await signIn();
    const onB = onA.on(b.baseUrl);
    expect((await onA.get('/api/student-record/7001')).status).toBe(200);
    expect((await onB.get('/api/student-record/7001')).status).toBe(200);
    expect((await onA.post('/logout')).status).toBe(204);
    expect((await onA.get('/api/student-record/7001')).status).toBe(401);
    await sleep(1000);
    expect((await onB.get('/api/student-record/7001')).status).toBe(401);
  });

  it('end within a second on the other the sessions a password change through one ends', async () => {
    const first = new HttpSession(a.baseUrl);
    expect((await first.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' })).status).toBe(
      200,
    );
    const second = new HttpSession(b.baseUrl);
    expect((await second.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' })).status).toBe(
      200,
    );
    expect((await second.get('/api/student-record/7001')).status).toBe(200);
    expect((await first.on(b.baseUrl).get('/api/student-record/7001')).status).toBe(200);
    const change = await first.post('/api/change-password-student', {
      student_id: '7001',
      old_password: 'Mango-Season-21',
      password: 'Papaya-Season-22',
    });
    expect(change.status).toBe(200);
    await sleep(1000);
    expect((await second.get('/api/student-record/7001')).status).toBe(401);
    // The session that changed it goes on, on either instance.
    expect((await first.on(b.baseUrl).get('/api/student-record/7001')).status).toBe(200);
    expect(
      (
        await first.post('/api/change-password-student', {
          student_id: '7001',
          old_password: 'Papaya-Season-22',
          password: 'Mango-Season-21',
        })
      ).status,
    ).toBe(200);
  });

  it('read through one an upload made through the other', async () => {
    const onA = new HttpSession(a.baseUrl);
    expect((await onA.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' })).status).toBe(
      200,
    );
    const form = new FormData();
    form.set('id', '7001');
    form.set('file_type', 'birth_certificate');
    form.set(
      'file',
      new Blob([new Uint8Array(samplePdf('Birth certificate of Ria'))], { type: 'application/pdf' }),
      'birth.pdf',
    );
    expect((await onA.post('/api/store-file', form)).status).toBe(200);
    const onB = onA.on(b.baseUrl);
    const files = (await (await onB.get('/api/get-files/7001')).json()) as { url: string; type: string }[];
    const certificate = files.find((f) => f.type === 'birth_certificate')!;
    const download = await onB.get(new URL(certificate.url, b.baseUrl).pathname);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('show on one a term posting made on the other', async () => {
    const adminA = new HttpSession(a.baseUrl);
    expect(
      (await adminA.post('/api/admin-login', { username: 'office', password: 'Office-Admin-Pass-1' })).status,
    ).toBe(200);
    expect((await adminA.post('/api/post-term-reports', { year: 2025, term: 2, posted: 1 })).status).toBeLessThan(300);
    const listed = (await (await adminA.on(b.baseUrl).get('/api/term-reports-posted')).json()) as {
      year: number;
      term: number;
      posted: number;
    }[];
    expect(listed.find((t) => t.year === 2025 && t.term === 2)?.posted).toBe(1);
  });

  it('bootstrap the administrator from the environment once', async () => {
    const admin = new HttpSession(b.baseUrl);
    expect((await admin.post('/api/admin-login', { username: 'office', password: 'Office-Admin-Pass-1' })).status).toBe(
      200,
    );
    expect((await admin.on(a.baseUrl).get('/api/student-record/7001')).status).toBe(200);
  });
});

describe('the outbox', () => {
  it('is sent once: each message claimed by one of the two instances', async () => {
    const ds = new DataSource(dataSourceOptions(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database));
    await ds.initialize();
    const now = new Date().toISOString();
    const ids = Array.from({ length: 12 }, (_, n) => `72${String(n).padStart(2, '0')}`);
    try {
      for (const id of ids) {
        await ds.getRepository(Student).insert({
          id,
          first_name: `Girl${id}`,
          last_name: 'Mailer',
          class_id: '3B',
          date_of_birth: '2011-02-03',
          email: `girl${id}@example.tt`,
          living_status: 'Mother Only',
          email_mother: `mother${id}@example.tt`,
          created_at: now,
          updated_at: now,
        });
        await ds.getRepository(TermReport).insert({
          student_id: id,
          year: 2025,
          term: 3,
          class_id: '3B',
          form_level: 3,
          created_at: now,
          updated_at: now,
        });
      }
      const admin = new HttpSession(a.baseUrl);
      expect(
        (await admin.post('/api/admin-login', { username: 'office', password: 'Office-Admin-Pass-1' })).status,
      ).toBe(200);
      expect((await admin.post('/api/post-term-reports', { year: 2025, term: 3, posted: 1 })).status).toBe(200);
      await smtp.waitFor(24, 20_000);
      // Both instances keep looking every second: give them time to send anything twice.
      await new Promise((r) => setTimeout(r, 3_000));
      const to = smtp.received.flatMap(addresses).sort();
      expect(to).toEqual(ids.flatMap((id) => [`girl${id}@example.tt`, `mother${id}@example.tt`]).sort());
      const rows = (await ds.query('SELECT status, attempts FROM outbox')) as { status: string; attempts: number }[];
      expect(rows).toHaveLength(24);
      expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    } finally {
      await ds.destroy();
    }
  }, 60_000);
});

describe('the per-address sign-in limit', () => {
  it('is one count for both instances: 20 attempts a minute from an address, wherever they land', async () => {
    const ds = new DataSource(dataSourceOptions(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database));
    await ds.initialize();
    // The earlier tests signed in from this address too: start from no count, and leave none behind.
    const clear = () => ds.query('DELETE FROM throttler_hits');
    try {
      await clear();
      const onA = new HttpSession(a.baseUrl);
      const onB = onA.on(b.baseUrl);
      const statuses: number[] = [];
      for (let n = 0; n < 20; n++) {
        const session = n % 2 === 0 ? onA : onB;
        statuses.push(
          (await session.post('/api/login-student', { student_id: `x${n}`, password: 'wrong-wrong' })).status,
        );
      }
      expect(statuses.every((s) => s === 422)).toBe(true);
      for (const session of [onA, onB]) {
        const refused = await session.post('/api/login-student', { student_id: '7001', password: 'Mango-Season-21' });
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(((await refused.json()) as { message: string }).message).toBe(
          MESSAGES.tooManyAttempts(waitPhrase(retryAfter)),
        );
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
    } finally {
      await clear();
      await ds.destroy();
    }
  }, 60_000); // 22 sign-ins, each with its bcrypt work
});

describe('shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const port = Number(new URL(a.baseUrl).port);
    const body = JSON.stringify({ student_id: '7001', password: 'wrong-password' });
    const session = new HttpSession(a.baseUrl);
    await session.get('/sanctum/csrf-cookie');
    const token = session.cookie('XSRF-TOKEN')!;
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/login-student',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: session.header(),
            'x-xsrf-token': token,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10)); // the request is in flight: half its body sent
      setTimeout(() => {
        const exited = a.stop();
        setTimeout(() => req.end(body.slice(10)), 300);
        void exited;
      }, 300);
    });
    expect(await answer).toBe(422);
    expect(await a.stop()).toBe(0);
  });
});
