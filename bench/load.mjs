// Load generator, run as its own process by bench/run.mjs so that it does not share the server's
// event loop. Usage: node bench/load.mjs '<job json>'  → prints one JSON result line.
// job: { origin, concurrency, durationMs, warmupMs?, requests: [{ method, path, headers?, body? }] }
// Worker i sends requests[i % requests.length] in a loop (so each worker can carry its own session).
// A request with varyClientAddress: true gets a new X-Forwarded-For each time.
import http from 'node:http';

const job = JSON.parse(process.argv[2]);
const url = new URL(job.origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });

function send(r) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const body = r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    const headers = {
      ...(r.headers ?? {}),
      ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
    };
    const req = http.request(
      { host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    if (body) req.write(body);
    req.end();
  });
}

async function run(durationMs, record) {
  const end = Date.now() + durationMs;
  const latencies = [];
  const statuses = {};
  await Promise.all(
    Array.from({ length: job.concurrency }, async (_, i) => {
      let n = 0;
      while (Date.now() < end) {
        const r = job.requests[i % job.requests.length];
        n += 1;
        // varyClientAddress: each request seems to come from another address (past the per-address sign-in limit).
        const { status, ms } = await send(
          r.varyClientAddress
            ? { ...r, headers: { ...r.headers, 'x-forwarded-for': `10.${i}.${(n >> 8) & 255}.${n & 255}` } }
            : r,
        );
        if (record) {
          latencies.push(ms);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }
    }),
  );
  return { latencies, statuses };
}

if (job.warmupMs) await run(job.warmupMs, false);
const started = Date.now();
const { latencies, statuses } = await run(job.durationMs, true);
const seconds = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : NaN);
const ok = Object.entries(statuses)
  .filter(([s]) => Number(s) >= 200 && Number(s) < 300)
  .reduce((a, [, c]) => a + c, 0);
console.log(
  JSON.stringify({
    count: latencies.length,
    ok,
    statuses,
    seconds,
    rps: ok / seconds,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
  }),
);
agent.destroy();
