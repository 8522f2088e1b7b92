import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PTA_FORM_URL, loadConfig } from './app-config.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('defaults to an embedded SQLite database in DATA_DIR with the demo school', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c.database).toEqual({ type: 'better-sqlite3', database: path.join(d, 'portal.sqlite') });
    expect(c.seedDemo).toBe(true);
    expect(c.port).toBe(3000);
    expect(c.timeZone).toBe('America/Port_of_Spain');
    expect(c.studentIdLookup).toBe(false);
  });

  it('keeps a generated session secret across starts outside production', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d }).sessionSecret;
    expect(loadConfig({ DATA_DIR: d }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(d, '.session-secret'), 'utf8')).toBe(first);
  });

  it('parses a MariaDB URL and then does not seed the demo school by default', () => {
    const c = loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://portal:p%40ss@db:3307/school' });
    expect(c.database).toMatchObject({
      type: 'mysql',
      host: 'db',
      port: 3307,
      username: 'portal',
      password: 'p@ss',
      database: 'school',
    });
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@localhost' }, 'DATABASE_URL'],
    [{ ADMIN_USERNAME: 'office' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'office', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ STUDENT_ID_LOOKUP: 'maybe' }, 'STUDENT_ID_LOOKUP'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
    [{ PTA_FORM_URL: 'javascript:alert(1)' }, 'PTA_FORM_URL'],
    [{ BCRYPT_COST: '4' }, 'BCRYPT_COST'],
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://portal.example.org' }, 'PUBLIC_URL'],
    [{ MAIL_FROM: 'Portal without an address' }, 'MAIL_FROM'],
    [{ REMINDER_DAYS_BEFORE_DEADLINE: '0' }, 'REMINDER_DAYS_BEFORE_DEADLINE'],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), TRUST_PROXY: '1', SMTP_URL: 'smtp://mail:587' },
      'PUBLIC_URL',
    ],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SECURE_COOKIES: 'off' }, 'TRUST_PROXY'],
    [{ ALLOW_INSECURE_HTTP: 'perhaps' }, 'ALLOW_INSECURE_HTTP'],
    [{ BODY_TIMEOUT_SECONDS: '0' }, 'BODY_TIMEOUT_SECONDS'],
    [{ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }, 'REQUEST_TIMEOUT_SECONDS'],
  ])('refuses %o naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
  });

  it('gives the demo school an example PTA form address, and nobody else one', () => {
    expect(loadConfig({ DATA_DIR: dir() }).ptaFormUrl).toBe(DEMO_PTA_FORM_URL);
    expect(loadConfig({ DATA_DIR: dir(), PTA_FORM_URL: 'https://pta.example.tt/form' }).ptaFormUrl).toBe(
      'https://pta.example.tt/form',
    );
    expect(loadConfig({ DATA_DIR: dir(), SEED_DEMO: 'off' }).ptaFormUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://portal:pw@db:3306/school' }).ptaFormUrl).toBeNull();
  });

  it('keeps mail for the Outbox without SMTP_URL, and reads the mail settings when given', () => {
    const kept = loadConfig({ DATA_DIR: dir() }).mail;
    expect(kept).toMatchObject({ smtpUrl: null, publicUrl: 'http://localhost:3000', reminderDaysBeforeDeadline: null });
    expect(kept.from).toBe(`"St. Mary's Girls' High School (demo)" <portal@localhost>`);
    const sent = loadConfig({
      DATA_DIR: dir(),
      SMTP_URL: 'smtps://portal:secret@smtp.example.org:465',
      MAIL_FROM: `"St. Mary's Portal" <portal@school.tt>`,
      PUBLIC_URL: 'https://portal.school.tt/',
      REMINDER_DAYS_BEFORE_DEADLINE: '7',
    }).mail;
    expect(sent).toMatchObject({
      smtpUrl: 'smtps://portal:secret@smtp.example.org:465',
      from: `"St. Mary's Portal" <portal@school.tt>`,
      publicUrl: 'https://portal.school.tt',
      reminderDaysBeforeDeadline: 7,
    });
  });

  it('never seeds the demo school in production unless asked', () => {
    const c = loadConfig({ DATA_DIR: dir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), TRUST_PROXY: '1' });
    expect(c.seedDemo).toBe(false);
  });
});

describe('production transport', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
  it('starts only when told TLS is in front, or that plain HTTP is meant', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), ...production })).toThrow(
      /TRUST_PROXY or SECURE_COOKIES=on is required when NODE_ENV=production.*ALLOW_INSECURE_HTTP=true/,
    );
    const proxied = loadConfig({ DATA_DIR: dir(), ...production, TRUST_PROXY: '1' });
    expect(proxied.secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), ...production, SECURE_COOKIES: 'on' }).secureCookies).toBe(true);
    const plain = loadConfig({ DATA_DIR: dir(), ...production, ALLOW_INSECURE_HTTP: 'true' });
    expect(plain).toMatchObject({ secureCookies: false, allowInsecureHttp: true });
    // Outside production nothing is asked.
    expect(loadConfig({ DATA_DIR: dir() }).secureCookies).toBe(false);
  });
});

describe('HTTP time limits', () => {
  it('give the largest upload what it needs at 1 Mbit/s, and other bodies 30 s', () => {
    // 4 × 5 MB = 20 MB: 168 s at 1 Mbit/s; a quarter more and 30 s.
    expect(loadConfig({ DATA_DIR: dir() }).timeouts).toEqual({ headers: 20, body: 30, request: 240, keepAlive: 5 });
    expect(loadConfig({ DATA_DIR: dir(), UPLOAD_MAX_MB: '10' }).timeouts.request).toBe(450);
    expect(
      loadConfig({ DATA_DIR: dir(), REQUEST_TIMEOUT_SECONDS: '600', BODY_TIMEOUT_SECONDS: '5' }).timeouts,
    ).toMatchObject({ request: 600, body: 5 });
  });
});

describe('ADMIN_MFA', () => {
  it('is optional by default and accepts required, refusing anything else at start', () => {
    expect(loadConfig({ DATA_DIR: dir() }).adminMfa).toBe('optional');
    expect(loadConfig({ DATA_DIR: dir(), ADMIN_MFA: 'Required' }).adminMfa).toBe('required');
    expect(() => loadConfig({ DATA_DIR: dir(), ADMIN_MFA: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), ADMIN_MFA: 'yes' })).toThrow(/ADMIN_MFA must be optional or required/);
  });
});

describe('WEB_CONCURRENCY and BCRYPT_CONCURRENCY', () => {
  const mariadb = 'mysql://root@127.0.0.1:3306/portal';

  it('runs one process by default, as many as asked (auto: one per core) on MariaDB, and only one on SQLite', () => {
    expect(loadConfig({ DATA_DIR: dir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: mariadb, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: mariadb, WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(() => loadConfig({ DATA_DIR: dir(), WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: mariadb, WEB_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('leaves a core to the other routes: bcrypt at most the cores less one at once, shared by the workers', () => {
    const cores = availableParallelism();
    expect(loadConfig({ DATA_DIR: dir() }).bcryptConcurrency).toBe(Math.max(1, cores - 1));
    expect(
      loadConfig({ DATA_DIR: dir(), DATABASE_URL: mariadb, WEB_CONCURRENCY: String(cores) }).bcryptConcurrency,
    ).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), BCRYPT_CONCURRENCY: '3' }).bcryptConcurrency).toBe(3);
  });
});
