import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstViewSource } from '../../shared/first-view.js';
import { firstViewDataBlock, serveWebClient } from './serve-web-client.js';

describe('firstViewDataBlock', () => {
  it('hands over the data as a block that no text in it can end or turn into a script', () => {
    const data = { name: '</script><script>alert(1)</script>', school: 'School <!-- & Co' };
    const html = firstViewDataBlock(JSON.stringify(data));
    expect(html.startsWith('<script type="application/json" id="portal-first-view">')).toBe(true);
    // One element: nothing inside can close it, open a comment or start a tag.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const json = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('serving a page with its first view', () => {
  let root: string;
  let server: Server;
  const session = { authenticated: false, user: null, settings: { school_name: `St. Mary's $& Co` } };
  // Her record comes late (a slow database).
  const source = {
    session,
    studentRecord: () => new Promise((resolve) => setTimeout(() => resolve({ first_name: 'Kezia' }), 3000)),
  } as unknown as FirstViewSource;

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'portal-ssr-'));
    mkdirSync(path.join(root, 'web'));
    mkdirSync(path.join(root, 'web-server'));
    writeFileSync(path.join(root, 'web', 'index.html'), '<title>Portal</title><div id="root"><!--app-shell--></div>');
    // The renderer as the SSR build makes it: one module exporting renderFirstView.
    writeFileSync(
      path.join(root, 'web-server', 'entry-server.js'),
      `export async function renderFirstView(url, source) {
        const { pathname } = new URL(url);
        if (pathname === '/fails') throw new Error('no');
        if (pathname === '/left-to-the-browser') return null;
        if (pathname === '/slow') {
          const record = await source.studentRecord('7301');
          return { html: '<p>' + (record ? record.first_name : 'Loading…') + '</p>', data: '{}' };
        }
        return {
          html: '<title>Dashboard · Portal</title><h1>' + source.session.settings.school_name + '</h1>',
          data: JSON.stringify(source.session),
        };
      }`,
    );
    const app = express();
    serveWebClient(app as unknown as NestExpressApplication, path.join(root, 'web'), () => Promise.resolve(source));
    server = app.listen(0, '127.0.0.1');
    return new Promise<void>((resolve) => server.once('listening', () => resolve()));
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${pathname}`);
    return { res, html: await res.text() };
  };

  it("puts the renderer's HTML in #root, as drawn ($ in a name is not a pattern), with its data after it", async () => {
    const { res, html } = await page('/dashboard');
    expect(res.status).toBe(200);
    expect(html).toContain(`<div id="root"><h1>St. Mary's $& Co</h1><script type="application/json"`);
    // Its title where the browser reads it, in place of the client's.
    expect(html.startsWith('<title>Dashboard · Portal</title><div id="root">')).toBe(true);
    expect(html).toContain(JSON.stringify(session));
    // Drawn for this browser's session: never kept by a cache.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
  });

  it('draws the page without data that comes late: the page asks for it in the browser', async () => {
    const { html } = await page('/slow');
    expect(html).toContain('<div id="root"><p>Loading…</p>');
  });

  it('sends the page without a first view when the renderer fails or declines: the browser draws it', async () => {
    for (const pathname of ['/fails', '/left-to-the-browser']) {
      const { res, html } = await page(pathname);
      expect(res.status).toBe(200);
      expect(html).toBe('<title>Portal</title><div id="root"></div>');
    }
  });
});
