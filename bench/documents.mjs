// The document figures of the bench: PDFs beside raw page.pdf() of the same HTML, the all-students
// report, and the spreadsheet export beside a raw exceljs write of the same rows.
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function timed(fn) {
  const t = performance.now();
  const result = await fn();
  return { ms: performance.now() - t, result };
}

/**
 * The HTML the server prints, caught by running the built service in this process with its PDF
 * renderer replaced by a recorder, and asking it for the same document over HTTP.
 */
async function capturedHtml(root, env, routes, adminCredentials) {
  const { loadConfig } = await import(path.join(root, 'dist/server/config/app-config.js'));
  const { createApp } = await import(path.join(root, 'dist/server/create-app.js'));
  const { PdfRenderer } = await import(path.join(root, 'dist/server/pdf/pdf-renderer.js'));
  const app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  const captured = [];
  const renderer = app.get(PdfRenderer);
  renderer.render = async (content, options) => {
    captured.push({ html: String(content.value ?? content), options });
    return Buffer.from('%PDF-');
  };
  await app.listen(0, '127.0.0.1');
  const origin = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    const csrf = await fetch(`${origin}/sanctum/csrf-cookie`);
    const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
    const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN=')).slice(11));
    const login = await fetch(`${origin}/api/admin-login`, {
      method: 'POST',
      headers: {
        cookie: cookies.join('; '),
        'x-xsrf-token': token,
        'content-type': 'application/json',
        'x-forwarded-for': '10.250.0.1',
      },
      body: JSON.stringify(adminCredentials),
    });
    cookies.push(...login.headers.getSetCookie().map((c) => c.split(';')[0]));
    for (const route of routes)
      await (await fetch(origin + route, { headers: { cookie: cookies.join('; ') } })).arrayBuffer();
  } finally {
    await app.close();
  }
  return captured;
}

async function rawPdfTimes(captured, runs) {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${path.join(os.tmpdir(), `bench-raw-${process.pid}`)}`],
  });
  try {
    const page = await browser.newPage();
    const times = [];
    for (let n = 0; n < runs + 1; n++) {
      const { html, options } = captured[n % captured.length];
      const t = performance.now();
      await page.setContent(html, { waitUntil: 'load' });
      await page.pdf({ format: options.format, landscape: !!options.landscape, printBackground: true });
      if (n > 0) times.push(performance.now() - t); // the first one warms the browser
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function benchDocuments({ admin, ids, row, fmt, root, env }) {
  const get = (route) =>
    admin.get(route).then(async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }));

  // Registration form: warm (Chromium started), then 20 different students one after another (no cache).
  await get(`/api/registration-form/${ids[0]}`);
  const formTimes = [];
  for (const id of ids.slice(1, 21)) formTimes.push((await timed(() => get(`/api/registration-form/${id}`))).ms);
  const concurrent = await Promise.all(ids.slice(21, 41).map((id) => timed(() => get(`/api/registration-form/${id}`))));
  const allOk = concurrent.every(({ result: r }) => r.status === 200 && r.bytes > 1000);

  // Report cards of a posted term (2024 term 1), likewise. Seeded student n is in Form (n % 6) + 1 now,
  // so Form 1 students (n % 6 = 0) had no report in 2024: they are left out.
  const cardIds = Array.from({ length: 60 }, (_, n) => n)
    .filter((n) => n % 6 !== 0)
    .slice(0, 41)
    .map((n) => String(20_000_000 + n));
  const cardTimes = [];
  await get(`/api/report-card/${cardIds[0]}/2024/1`);
  for (const id of cardIds.slice(1, 21)) cardTimes.push((await timed(() => get(`/api/report-card/${id}/2024/1`))).ms);
  const cardsConcurrent = await Promise.all(
    cardIds.slice(21, 41).map((id) => timed(() => get(`/api/report-card/${id}/2024/1`))),
  );

  const captured = await capturedHtml(
    root,
    env,
    [`/api/registration-form/${ids[1]}`, `/api/report-card/${cardIds[1]}/2024/1`],
    { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
  );
  const rawForm = await rawPdfTimes([captured[0]], 10);
  const rawCard = await rawPdfTimes([captured[1]], 10);
  row(
    'Registration form PDF p50 (warm, uncached)',
    `${fmt(median(formTimes), 0)} ms`,
    `raw page.pdf() ${fmt(median(rawForm), 0)} ms`,
    '< 300 ms',
    median(formTimes) < 300,
  );
  row(
    'Registration form PDF, 20 concurrent',
    `${concurrent.filter(({ result: r }) => r.status === 200).length}/20 succeeded`,
    '',
    'all succeed',
    allOk,
    `p50 ${fmt(median(concurrent.map((c) => c.ms)), 0)} ms`,
  );
  row(
    'Report card PDF p50 (warm)',
    `${fmt(median(cardTimes), 0)} ms`,
    `raw page.pdf() ${fmt(median(rawCard), 0)} ms`,
    '< 300 ms',
    median(cardTimes) < 300,
  );
  row(
    'Report card PDF, 20 concurrent',
    `${cardsConcurrent.filter(({ result: r }) => r.status === 200).length}/20 succeeded`,
    '',
    'all succeed',
    cardsConcurrent.every(({ result: r }) => r.status === 200),
    `p50 ${fmt(median(cardsConcurrent.map((c) => c.ms)), 0)} ms`,
  );

  // All-students registration report (every seeded student).
  const report = await timed(() => get('/api/registration-report/all'));
  row(
    'All-students registration report',
    `${fmt(report.ms / 1000, 2)} s (${fmt(report.result.bytes / 1024, 0)} KB)`,
    '',
    '< 5 s',
    report.result.status === 200 && report.ms < 5000,
  );

  // Spreadsheet export, streamed, against a raw exceljs streaming write of the same rows.
  const exportRes = await timed(async () => {
    const r = await admin.get('/api/registration-data-spreadsheet');
    return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
  });
  const ExcelJS = (await import('exceljs')).default;
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(exportRes.result.body);
  const rows = [];
  read.worksheets[0].eachRow((r) => rows.push(r.values.slice(1)));
  const raw = await timed(async () => {
    const { PassThrough } = await import('node:stream');
    const sink = new PassThrough();
    sink.resume();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink });
    const ws = wb.addWorksheet('Registration Data');
    for (const r of rows) ws.addRow(r).commit();
    await wb.commit();
  });
  row(
    'Spreadsheet export',
    `${fmt(exportRes.ms / 1000, 2)} s (${rows.length - 1} students)`,
    `raw exceljs write ${fmt(raw.ms / 1000, 2)} s`,
    '< 2 s',
    exportRes.result.status === 200 && exportRes.ms < 2000,
  );
}
