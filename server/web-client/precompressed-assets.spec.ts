import { type IncomingHttpHeaders, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebClient } from './serve-web-client.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET read as bytes, whatever its Content-Encoding (supertest would decode gzip on its own). */
function get(server: Server, url: string, headers: Record<string, string>): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('serving the built client: precompressed assets', () => {
  let webDir: string;
  let server: Server;
  const js = `export const greeting = ${JSON.stringify('Good morning, '.repeat(200))};\n`;

  beforeAll(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<div id="root"><!--app-shell--></div>');
    const file = path.join(webDir, 'assets', 'page-abc123.js');
    writeFileSync(file, js);
    writeFileSync(`${file}.br`, brotliCompressSync(js));
    writeFileSync(`${file}.gz`, gzipSync(js));
    // A file the build left without copies (too small to be worth them).
    writeFileSync(path.join(webDir, 'assets', 'tiny-1.css'), 'a{}');
    const app = express();
    // No renderer beside it: pages go without a first view (serve-web-client.spec.ts); assets are what is tested here.
    serveWebClient(app as unknown as NestExpressApplication, webDir, () => Promise.reject(new Error('no session')));
    server = app.listen(0, '127.0.0.1');
    return new Promise<void>((resolve) => server.once('listening', () => resolve()));
  });
  afterAll(() => {
    server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const fetchAsset = (url: string, acceptEncoding: string, extra: Record<string, string> = {}) =>
    get(server, url, { 'accept-encoding': acceptEncoding, ...extra });

  it('sends the Brotli copy to a browser that accepts br, which decompresses to the file', async () => {
    const res = await fetchAsset('/assets/page-abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await fetchAsset('/assets/page-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(res.body).toString()).toBe(js);
  });

  it('sends the file itself when no compression is accepted, or when it has no copies', async () => {
    const res = await fetchAsset('/assets/page-abc123.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(js);
    const css = await fetchAsset('/assets/tiny-1.css', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body.toString()).toBe('a{}');
  });

  it('gives each encoding its own ETag, and answers a revalidation with 304', async () => {
    const br = await fetchAsset('/assets/page-abc123.js', 'br');
    const plain = await fetchAsset('/assets/page-abc123.js', 'identity');
    expect(br.headers['etag']).not.toBe(plain.headers['etag']);
    const again = await fetchAsset('/assets/page-abc123.js', 'br', { 'if-none-match': br.headers['etag'] ?? '' });
    expect(again.status).toBe(304);
  });

  it('answers a missing asset 404, never with index.html', async () => {
    const res = await fetchAsset('/assets/gone-zzz.js', 'br');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('id="root"');
  });

  it('still answers a client route with index.html', async () => {
    const res = await fetchAsset('/dashboard', 'identity');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('id="root"');
  });
});
