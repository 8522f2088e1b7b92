// Only the bench's Lighthouse figure of /admin/dashboard (or of a student's page: --page /registration/student-data),
// for working on it (run after `npm run build`):
// seeds a school into a temporary data folder as `npm run bench` does, starts the built server, signs the
// administrator in and measures the page (median of 3, the mobile profile). With --details it also prints where
// the median run's main-thread time went (Lighthouse's mainthread-work-breakdown, bootup-time and long tasks).
// BENCH_STUDENTS sets the school's size (default 1500, as the bench).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageLighthouse } from './lighthouse.mjs';
import { BENCH_STUDENT, signIn } from './signed-in-pages.mjs';
import { benchServerEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1500);
const details = process.argv.includes('--details');
const pageArg = process.argv.indexOf('--page');
const PAGE = pageArg > 0 ? process.argv[pageArg + 1] : '/admin/dashboard';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-admin-'));
const port = 38_000 + (process.pid % 1000);
const origin = `http://127.0.0.1:${port}`;
const env = benchServerEnv(dataDir, port);

function printDetails(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const ms = (n) => `${Math.round(n)} ms`;
  console.log('\nMain-thread work (median run):');
  for (const i of items('mainthread-work-breakdown')) console.log(`  ${i.groupLabel ?? i.group}: ${ms(i.duration)}`);
  console.log('Script by file (bootup-time):');
  for (const i of items('bootup-time').slice(0, 8))
    console.log(`  ${i.url}: total ${ms(i.total)}, script ${ms(i.scripting)}, parse ${ms(i.scriptParseCompile)}`);
  console.log('Layout shifts:');
  for (const i of items('layout-shifts'))
    console.log(`  ${i.score?.toFixed(3)}: ${i.node?.selector ?? ''} ${i.node?.snippet?.slice(0, 120) ?? ''}`);
  console.log('Long tasks:');
  for (const i of items('long-tasks')) console.log(`  at ${ms(i.startTime)}: ${ms(i.duration)} ${i.url ?? ''}`);
}

async function main() {
  execFileSync(process.execPath, ['dist/server/ops/seed-school.js', '--students', String(STUDENTS)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const server = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, stdio: 'inherit' });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error('server exited during start');
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const cookie = PAGE.startsWith('/admin/')
      ? await signIn(
          origin,
          '/api/admin-login',
          { username: 'bench-admin', password: 'Bench-Admin-Pass-1' },
          '10.8.0.2',
        )
      : await signIn(
          origin,
          '/api/login-student',
          { student_id: BENCH_STUDENT, password: 'Bench-School-2026' },
          '10.8.0.3',
        );
    const lh = await pageLighthouse(origin, PAGE, cookie);
    console.log(`Lighthouse performance, ${PAGE} (signed in): ${lh.score} — ${lh.note}`);
    if (new URL(lh.finalUrl).pathname !== PAGE) console.log(`(redirected to ${lh.finalUrl})`);
    if (details) printDetails(lh.lhr);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
