import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * The whole configuration of the service, read once from the environment and validated at boot.
 * Nothing else in server/ reads process.env: it receives this object (token APP_CONFIG).
 */
export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  admin: { username: string; password: string } | null;
  seedDemo: boolean;
  schoolName: string;
  ptaFormUrl: string | null;
  trustProxy: boolean | number | string;
  secureCookies: boolean;
  /** ALLOW_INSECURE_HTTP: in production, start although neither TRUST_PROXY nor SECURE_COOKIES says TLS is in front. */
  allowInsecureHttp: boolean;
  /** HTTP time limits (server/common/http-timeouts.ts), in seconds. */
  timeouts: HttpTimeouts;
  chromiumPath: string | null;
  studentIdLookup: boolean;
  showLearningChallenges: boolean;
  timeZone: string;
  /** SCHOOL_YEAR_START_MONTH (1-12): a portal never rolled over is in the year of the date from this month on. */
  schoolYearStartMonth: number;
  bcryptCost: number;
  /** WEB_CONCURRENCY: server processes (node:cluster workers) sharing the port; 1 on SQLite. */
  webConcurrency: number;
  /** BCRYPT_CONCURRENCY: bcrypt computations at once in this process, below the cores so other routes keep one. */
  bcryptConcurrency: number;
  uploadMaxMb: number;
  /** UPLOAD_BUDGET_MB: all stored versions of one student's documents together at most (docs/product.md §5). */
  uploadBudgetMb: number;
  webDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** ADMIN_MFA: 'required' makes every administrator set up two-step sign-in at her next sign-in. */
  adminMfa: 'optional' | 'required';
  mail: MailConfig;
}

/**
 * How long a request may take to arrive (once 750 connections sending their bodies slowly stayed open over
 * 95 s). `headers`: the request line and headers. `body`: the body of any request but a file upload (JSON or a form,
 * at most 200 kB: 2 s at 1 Mbit/s). `request`: a whole request, the limit uploads live under; by default what the
 * largest upload (4 × UPLOAD_MAX_MB) needs on a 1 Mbit/s phone connection, with a quarter more and 30 s to spare
 * (240 s for the default 5 MB: 20 MB is 168 s at 1 Mbit/s).
 */
export interface HttpTimeouts {
  headers: number;
  body: number;
  request: number;
  keepAlive: number;
}

/** E-mail (docs/product.md §10): without an SMTP server, messages are kept for the office's Outbox. */
export interface MailConfig {
  /** SMTP_URL, or null: messages are kept, not sent */
  smtpUrl: string | null;
  /** MAIL_FROM: the From header, e.g. "St. Mary's Portal" <portal@school.tt> */
  from: string;
  /** PUBLIC_URL: the address families use, for links in messages (no trailing slash) */
  publicUrl: string;
  /** REMINDER_DAYS_BEFORE_DEADLINE: the portal reminds unfinished families this many days before it; null: never */
  reminderDaysBeforeDeadline: number | null;
  /** MAIL_POLL_SECONDS: how often each instance looks for messages due to be sent */
  pollSeconds: number;
}

export type DatabaseConfig =
  | { type: 'better-sqlite3'; database: string }
  | { type: 'mysql'; url: string; host: string; port: number; username: string; password: string; database: string };

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

const TRUE = ['1', 'true', 'on', 'yes'];
const FALSE = ['0', 'false', 'off', 'no', ''];

/**
 * How one variable is read: from its raw value (undefined when unset) to its typed value, or a ConfigError naming it.
 * Each rule says in its message what the variable must be and what it got.
 */
export type EnvRule<T> = (raw: string | undefined, name: string) => T;

/** on/off (also 1/0, true/false, yes/no); unset: `fallback`. */
export const onOff =
  (fallback: boolean): EnvRule<boolean> =>
  (raw, name) => {
    if (raw === undefined) return fallback;
    const v = raw.trim().toLowerCase();
    if (TRUE.includes(v)) return true;
    if (FALSE.includes(v)) return false;
    throw new ConfigError(name, `must be on or off (got "${raw}")`);
  };

/** A whole number from `min` to `max`; unset or empty: `fallback`. */
export const wholeNumber =
  (fallback: number, min: number, max: number): EnvRule<number> =>
  (raw, name) => {
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
    }
    return n;
  };

/** One of `values` (trimmed; `lowercase`: in any case); unset or empty: `fallback`. */
export const oneOf =
  <T extends string>(values: readonly T[], fallback: T, problem: (raw: string) => string, lowercase = false) =>
  (raw: string | undefined, name: string): T => {
    const v = lowercase ? raw?.trim().toLowerCase() : raw?.trim();
    if (!v) return fallback;
    if ((values as readonly string[]).includes(v)) return v as T;
    throw new ConfigError(name, problem(raw!));
  };

/**
 * The variables read on their own, each with its rule and default (docs/design.md §4). Variables whose
 * default or check depends on others (DATABASE_URL, SESSION_SECRET, SEED_DEMO, SECURE_COOKIES, TRUST_PROXY,
 * REQUEST_TIMEOUT_SECONDS, WEB_CONCURRENCY, BCRYPT_CONCURRENCY, the admin account, the mail settings) are checked
 * by loadConfig below, with messages of the same form.
 */
export const ENV_SCHEMA = {
  PORT: wholeNumber(3000, 0, 65535),
  SESSION_IDLE_MINUTES: wholeNumber(30, 1, 24 * 60),
  SESSION_ABSOLUTE_HOURS: wholeNumber(12, 1, 24 * 7),
  BCRYPT_COST: wholeNumber(10, 10, 15),
  UPLOAD_MAX_MB: wholeNumber(5, 1, 100),
  UPLOAD_BUDGET_MB: wholeNumber(200, 10, 100_000),
  HEADERS_TIMEOUT_SECONDS: wholeNumber(20, 1, 300),
  BODY_TIMEOUT_SECONDS: wholeNumber(30, 1, 600),
  MAIL_POLL_SECONDS: wholeNumber(15, 1, 3600),
  SCHOOL_YEAR_START_MONTH: wholeNumber(9, 1, 12),
  STUDENT_ID_LOOKUP: onOff(false),
  SHOW_LEARNING_CHALLENGES: onOff(false),
  ALLOW_INSECURE_HTTP: onOff(false),
  LOG_LEVEL: oneOf(
    ['debug', 'info', 'warn', 'error', 'silent'] as const,
    'info',
    () => 'must be one of debug, info, warn, error, silent',
  ),
  ADMIN_MFA: oneOf(
    ['optional', 'required'] as const,
    'optional',
    (raw) => `must be optional or required (got "${raw}")`,
    true,
  ),
} satisfies Record<string, EnvRule<unknown>>;

type EnvValues = { [K in keyof typeof ENV_SCHEMA]: ReturnType<(typeof ENV_SCHEMA)[K]> };

/** Reads every variable of ENV_SCHEMA; the first one that breaks its rule throws its ConfigError. */
export function readEnvSchema(env: Env): EnvValues {
  const values: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(ENV_SCHEMA)) values[name] = rule(env[name], name);
  return values as EnvValues;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  return onOff(fallback)(env[name], name);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  return wholeNumber(fallback, min, max)(env[name], name);
}

function parseDatabase(env: Env, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { type: 'better-sqlite3', database: path.join(dataDir, 'portal.sqlite') };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:./data/portal.sqlite');
    return { type: 'better-sqlite3', database: path.resolve(file) };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      'DATABASE_URL',
      'is not a valid URL (expected mysql://user:pass@host:3306/db or sqlite:path)',
    );
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(
      'DATABASE_URL',
      `has unsupported scheme "${url.protocol}" (use mysql://, mariadb:// or sqlite:)`,
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database)
    throw new ConfigError('DATABASE_URL', 'must name the database, e.g. mysql://root@127.0.0.1:3306/portal');
  return {
    type: 'mysql',
    url: raw,
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    username: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database,
  };
}

function sessionSecret(env: Env, dataDir: string, production: boolean): string {
  const given = env.SESSION_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET', 'must have at least 32 characters');
    return given;
  }
  if (production)
    throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production (32+ random characters)');
  // Outside production: generate once and keep it beside the data so sessions survive restarts.
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function trustProxy(env: Env): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (TRUE.includes(raw.toLowerCase())) return true;
  if (FALSE.includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // an address list such as "loopback, 10.0.0.0/8", passed to Express as is
}

/**
 * In production the portal must be served over HTTPS: its cookies are `Secure` and HSTS is sent only when it knows
 * TLS is in front (TRUST_PROXY behind a TLS proxy, or SECURE_COOKIES=on). Without either it would hand out session
 * cookies over plain HTTP, so it refuses to start unless told that this is meant (ALLOW_INSECURE_HTTP=true).
 */
function checkTransport(
  env: Env,
  production: boolean,
  tp: boolean | number | string,
  secureCookies: boolean,
  allowInsecureHttp: boolean,
): boolean {
  const toldTls = tp !== false || (env.SECURE_COOKIES !== undefined && secureCookies);
  if (production && !toldTls && !allowInsecureHttp)
    throw new ConfigError(
      'TRUST_PROXY',
      'or SECURE_COOKIES=on is required when NODE_ENV=production: serve the portal over HTTPS (TRUST_PROXY=1 behind ' +
        'a TLS proxy, or SECURE_COOKIES=on), or set ALLOW_INSECURE_HTTP=true to run it over plain HTTP on purpose',
    );
  return allowInsecureHttp;
}

/** HttpTimeouts: UPLOAD_MAX_MB decides the default whole-request limit. */
function httpTimeouts(env: Env, v: EnvValues): HttpTimeouts {
  const largestUploadMbit = (4 * v.UPLOAD_MAX_MB * 1024 * 1024 * 8) / 1e6;
  const uploadSeconds = Math.ceil(largestUploadMbit * 1.25) + 30;
  const headers = v.HEADERS_TIMEOUT_SECONDS;
  const request = int(env, 'REQUEST_TIMEOUT_SECONDS', uploadSeconds, 1, 3600);
  if (request < headers)
    throw new ConfigError('REQUEST_TIMEOUT_SECONDS', `must be at least HEADERS_TIMEOUT_SECONDS (${headers})`);
  return { headers, body: v.BODY_TIMEOUT_SECONDS, request, keepAlive: 5 };
}

function timeZone(env: Env): string {
  const tz = env.TZ?.trim() || 'America/Port_of_Spain';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new ConfigError('TZ', `is not a known time zone (got "${tz}")`);
  }
  return tz;
}

function chromiumPath(env: Env): string | null {
  const given = env.CHROMIUM_PATH?.trim();
  if (given) return given;
  return (
    ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p)) ?? null
  );
}

function admin(env: Env): AppConfig['admin'] {
  const username = env.ADMIN_USERNAME?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!username && !password) return null;
  if (!username) throw new ConfigError('ADMIN_USERNAME', 'is required when ADMIN_PASSWORD is set');
  if (!password) throw new ConfigError('ADMIN_PASSWORD', 'is required when ADMIN_USERNAME is set');
  if (!/^[A-Za-z0-9._@-]{3,50}$/.test(username)) {
    throw new ConfigError('ADMIN_USERNAME', 'must be 3-50 letters, digits or . _ @ -');
  }
  if (password.length < 10) throw new ConfigError('ADMIN_PASSWORD', 'must have at least 10 characters');
  return { username, password };
}

/**
 * The demo school's PTA form address, so that the demo shows the PTA card working. Only with the demo
 * school (SEED_DEMO) and only when PTA_FORM_URL is not set: a real school sets its own or has no card.
 */
export const DEMO_PTA_FORM_URL = 'https://example.org/pta-registration';

function ptaFormUrl(env: Env): string | null {
  const raw = env.PTA_FORM_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError('PTA_FORM_URL', `must be an http(s) address (got "${raw}")`);
  }
  return raw;
}

function mail(env: Env, schoolName: string, port: number, production: boolean, pollSeconds: number): MailConfig {
  const smtp = env.SMTP_URL?.trim() || null;
  // Links in real mail must lead where families can reach the portal, not to this machine's localhost.
  if (smtp && production && !env.PUBLIC_URL?.trim())
    throw new ConfigError(
      'PUBLIC_URL',
      'is required with SMTP_URL when NODE_ENV=production (e.g. https://portal.school.tt)',
    );
  if (smtp) {
    let url: URL;
    try {
      url = new URL(smtp);
    } catch {
      throw new ConfigError('SMTP_URL', 'is not a valid URL (expected smtp://user:pass@host:587 or smtps://…)');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps:// (got "${url.protocol}")`);
    if (!url.hostname) throw new ConfigError('SMTP_URL', 'must name the mail server, e.g. smtp://smtp.example.org:587');
  }
  const publicRaw = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  let publicUrl: URL;
  try {
    publicUrl = new URL(publicRaw);
    if (publicUrl.protocol !== 'https:' && publicUrl.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError(
      'PUBLIC_URL',
      `must be an http(s) address such as https://portal.school.tt (got "${publicRaw}")`,
    );
  }
  const from = env.MAIL_FROM?.trim() || `"${schoolName.replace(/["\\]/g, '')}" <portal@${publicUrl.hostname}>`;
  if (!/<[^<>@\s]+@[^<>@\s]+>\s*$|^[^<>@\s]+@[^<>@\s]+$/.test(from))
    throw new ConfigError(
      'MAIL_FROM',
      `must be an address, e.g. "St. Mary's Portal" <portal@school.tt> (got "${from}")`,
    );
  const days = env.REMINDER_DAYS_BEFORE_DEADLINE?.trim();
  return {
    smtpUrl: smtp,
    from,
    publicUrl: publicUrl.origin + publicUrl.pathname.replace(/\/+$/, ''),
    reminderDaysBeforeDeadline: days ? int(env, 'REMINDER_DAYS_BEFORE_DEADLINE', 0, 1, 60) : null,
    pollSeconds,
  };
}

/**
 * WEB_CONCURRENCY: how many worker processes serve the port (node:cluster), `auto` one per core. Several processes
 * are several instances on one database (sessions, uploads, locks are shared); the embedded SQLite keeps one
 * process, whose write queue keeps its transactions apart.
 */
function webConcurrency(env: Env, database: DatabaseConfig): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  const workers = raw?.toLowerCase() === 'auto' ? availableParallelism() : int(env, 'WEB_CONCURRENCY', 1, 1, 64);
  if (workers > 1 && database.type === 'better-sqlite3')
    throw new ConfigError(
      'WEB_CONCURRENCY',
      'above 1 needs MariaDB/MySQL (DATABASE_URL): on the embedded SQLite the portal runs one process',
    );
  return workers;
}

/** Concurrent bcrypt computations per process: by default the cores less one, shared among the workers. */
function bcryptConcurrency(env: Env, workers: number): number {
  return int(env, 'BCRYPT_CONCURRENCY', Math.max(1, Math.floor((availableParallelism() - 1) / workers)), 1, 64);
}

/**
 * Reads and checks the whole configuration; a variable that breaks its rule throws a ConfigError naming it. Runs
 * before the application is built (main.ts needs PORT, LOG_LEVEL and WEB_CONCURRENCY first; tests pass their own
 * environments); ConfigModule then holds the result for every service.
 */
export function loadConfig(env: Env = process.env, rootDir = process.cwd()): AppConfig {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(rootDir, env.DATA_DIR?.trim() || 'data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new ConfigError('DATA_DIR', `cannot be created (${(e as Error).message})`);
  }
  const database = parseDatabase(env, dataDir);
  const tp = trustProxy(env);
  const v = readEnvSchema(env);
  const seedDemoDefault = !env.DATABASE_URL?.trim() && !production;
  const seedDemo = flag(env, 'SEED_DEMO', seedDemoDefault);
  const schoolName = env.SCHOOL_NAME?.trim() || "St. Mary's Girls' High School (demo)";
  const workers = webConcurrency(env, database);
  const secureCookies = flag(env, 'SECURE_COOKIES', tp !== false);
  return {
    nodeEnv,
    production,
    host: env.HOST?.trim() || '0.0.0.0',
    port: v.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database,
    sessionSecret: sessionSecret(env, dataDir, production),
    sessionIdleMinutes: v.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: v.SESSION_ABSOLUTE_HOURS,
    admin: admin(env),
    seedDemo,
    schoolName,
    ptaFormUrl: ptaFormUrl(env) ?? (seedDemo ? DEMO_PTA_FORM_URL : null),
    trustProxy: tp,
    secureCookies,
    allowInsecureHttp: checkTransport(env, production, tp, secureCookies, v.ALLOW_INSECURE_HTTP),
    timeouts: httpTimeouts(env, v),
    chromiumPath: chromiumPath(env),
    studentIdLookup: v.STUDENT_ID_LOOKUP,
    showLearningChallenges: v.SHOW_LEARNING_CHALLENGES,
    timeZone: timeZone(env),
    schoolYearStartMonth: v.SCHOOL_YEAR_START_MONTH,
    bcryptCost: v.BCRYPT_COST,
    webConcurrency: workers,
    bcryptConcurrency: bcryptConcurrency(env, workers),
    uploadMaxMb: v.UPLOAD_MAX_MB,
    uploadBudgetMb: v.UPLOAD_BUDGET_MB,
    webDir: path.resolve(rootDir, env.WEB_DIR?.trim() || 'dist/web'),
    logLevel: v.LOG_LEVEL,
    adminMfa: v.ADMIN_MFA,
    mail: mail(env, schoolName, v.PORT, production, v.MAIL_POLL_SECONDS),
  };
}
