// Loaded into the server by the bench's profile run (node --import bench/profile-hook.mjs dist/server/main.js), never
// by the product. SIGUSR2 starts V8's CPU profiler (the one `node --cpu-prof` uses); the next SIGUSR2 stops it and
// writes the profile to $BENCH_PROFILE_DIR/<BENCH_PROFILE_NAME>-<n>.cpuprofile, so that a profile holds one load
// figure's window only (not the start-up, the seeding or the sign-ins before it).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
const inspector = new Session();
inspector.connect();
let running = false;
let n = 0;

process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await inspector.post('Profiler.enable');
    // V8's default is 1 ms between samples; a request costs well under that, so sample more often.
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await inspector.post('Profiler.stop');
  n += 1;
  writeFileSync(
    path.join(dir, `${process.env.BENCH_PROFILE_NAME ?? 'server'}-${n}.cpuprofile`),
    JSON.stringify(profile),
  );
  process.stdout.write(`${JSON.stringify({ profile: n })}\n`);
});
