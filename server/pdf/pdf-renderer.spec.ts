import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServiceUnavailableException } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../test/fixtures/browser.js';
import type { AppConfig } from '../config/app-config.js';
import { html, raw } from './html.js';
import { PDF_MESSAGES, PdfRenderer } from './pdf-renderer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-spec-'));

/** Runs a poppler tool on the PDF bytes (pdfinfo, pdftotext, pdfimages). */
function poppler(tool: string, bytes: Buffer, ...args: string[]): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

function renderer(chromiumPath: string | null = CHROMIUM): PdfRenderer {
  return new PdfRenderer({ chromiumPath } as AppConfig);
}

// A 1×1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let pdf: PdfRenderer;
let spy: Server;
let spyUrl: string;
const spyHits: string[] = [];

beforeAll(async () => {
  pdf = renderer();
  spy = createServer((req, res) => {
    spyHits.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((r) => spy.listen(0, '127.0.0.1', r));
  spyUrl = `http://127.0.0.1:${(spy.address() as { port: number }).port}`;
});
afterAll(async () => {
  await pdf.onModuleDestroy();
  spy.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PdfRenderer', () => {
  it('prints US Legal portrait and landscape, and Letter', async () => {
    const doc = html`<h1>Hello</h1>`;
    expect(poppler('pdfinfo', await pdf.render(doc, { format: 'Legal' }))).toMatch(/Page size:\s+612 x 1008 pts/);
    expect(poppler('pdfinfo', await pdf.render(doc, { format: 'Legal', landscape: true }))).toMatch(
      /Page size:\s+1008 x 612 pts/,
    );
    expect(poppler('pdfinfo', await pdf.render(doc, { format: 'Letter' }))).toMatch(/Page size:\s+612 x 792 pts/);
  });

  it('prints a value that looks like markup as text, and runs no script in the page', async () => {
    const value = '<script>alert(1)</script>';
    const script = raw('<p id="s">static</p><script>document.getElementById("s").textContent = "SCRIPT RAN"</script>');
    const doc = html`<p>Name: ${value}</p>${script}`;
    const text = poppler('pdftotext', await pdf.render(doc, { format: 'Legal' }));
    expect(text).toContain('Name: <script>alert(1)</script>');
    expect(text).toContain('static');
    expect(text).not.toContain('SCRIPT RAN');
  });

  it('makes no network request from the page but shows data: images', async () => {
    const doc = html`<img src="${spyUrl}/img.png"><link rel="stylesheet" href="${spyUrl}/x.css">
      <iframe src="${spyUrl}/frame"></iframe><p style="background:url('${spyUrl}/bg.png')">text</p>
      <img src="data:image/png;base64,${PNG.toString('base64')}" width="50" height="50">`;
    const bytes = await pdf.render(doc, { format: 'Legal' });
    expect(spyHits).toEqual([]);
    expect(poppler('pdfimages', bytes, '-list')).toMatch(/\n\s+1\s+\d+\s+image\s+1\s+1\s/);
  });

  it('prints the footer with page numbers', async () => {
    const doc = html`${Array.from({ length: 80 }, (_, n) => html`<p>line ${n}</p>`)}`;
    const text = poppler('pdftotext', await pdf.render(doc, { format: 'Letter', footer: 'Report <b>' }));
    expect(text).toContain('Report <b>');
    expect(text).toMatch(/Page 1 of [2-9]/);
  });

  it('renders 20 requests at once (pool and queue), all complete', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => pdf.render(html`<p>document ${n}</p>`, { format: 'Legal' })),
    );
    results.forEach((bytes, n) => expect(poppler('pdftotext', bytes)).toContain(`document ${n}`));
  });

  it('answers 503 with a clear message when the render takes too long', async () => {
    const big = html`${Array.from({ length: 3000 }, (_, n) => html`<p>paragraph ${n}</p>`)}`;
    const err = await pdf.render(big, { format: 'Legal', timeoutMs: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableException);
    expect((err as Error).message).toBe(PDF_MESSAGES.timeout);
    // and the renderer still works afterwards
    expect(poppler('pdftotext', await pdf.render(html`<p>after</p>`, { format: 'Legal' }))).toContain('after');
  });

  it('starts Chromium again when it dies', async () => {
    await pdf.render(html`<p>before</p>`, { format: 'Legal' });
    const pid = await pdf.chromiumPid();
    expect(pid).toBeTypeOf('number');
    process.kill(pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const text = poppler('pdftotext', await pdf.render(html`<p>after restart</p>`, { format: 'Legal' }));
    expect(text).toContain('after restart');
    expect(await pdf.chromiumPid()).not.toBe(pid);
  });

  it('closes Chromium on shutdown', async () => {
    const own = renderer();
    await own.render(html`<p>x</p>`, { format: 'Legal' });
    const pid = (await own.chromiumPid())!;
    await own.onModuleDestroy();
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('without Chromium answers 503 saying how to set CHROMIUM_PATH', async () => {
    const none = await renderer(null)
      .render(html`<p>x</p>`, { format: 'Legal' })
      .catch((e: unknown) => e);
    expect(none).toBeInstanceOf(ServiceUnavailableException);
    expect((none as Error).message).toContain('CHROMIUM_PATH');
    const missing = renderer('/nonexistent/chromium');
    const bad = await missing.render(html`<p>x</p>`, { format: 'Legal' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ServiceUnavailableException);
    expect((bad as Error).message).toContain('CHROMIUM_PATH');
    await missing.onModuleDestroy();
  });
});
