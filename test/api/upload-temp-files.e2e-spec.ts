import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../shared/documents.js';
import { ApiClient, signedInStudent } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { SAMPLE_JPEG } from '../fixtures/files.js';
import { createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Finding 10 of issue 15: kill -9 during an upload leaves a half-written '.tmp-*' file in the uploads
// folder; the next start removes those older than an hour (younger ones may be another instance's
// write in progress, as several instances may share the folder).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: 'T100', password: 'Tmp-Files-Pass-1' });
});
afterAll(() => t.close());

async function signedIn(): Promise<ApiClient> {
  return signedInStudent(t, 'T100', 'Tmp-Files-Pass-1');
}

describe('temporary upload files at start', () => {
  it('removes a crash leftover older than an hour, keeps a write in progress and every stored file', async () => {
    const c = await signedIn();
    const res = await c.agent
      .post('/api/store-file')
      .set('X-XSRF-TOKEN', c.xsrfToken())
      .field('id', 'T100')
      .field('file_type', 'picture')
      .attach('file', SAMPLE_JPEG, { filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const dir = path.join(t.config.uploadsDir, 'ab');
    mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, `.tmp-ab${'0'.repeat(30)}-deadbeef`);
    const live = path.join(dir, `.tmp-ab${'1'.repeat(30)}-cafebabe`);
    writeFileSync(stale, Buffer.alloc(1000, 1)); // half of a photo, the process killed
    writeFileSync(live, Buffer.alloc(1000, 2)); // another instance is writing this one now
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const fiftyMinutesAgo = new Date(Date.now() - 50 * 60_000);
    utimesSync(live, fiftyMinutesAgo, fiftyMinutesAgo);

    await t.restart();

    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    // The stored picture is untouched and still served.
    const again = await signedIn();
    const files = (await again.get('/api/get-files/T100').expect(200)).body as DocumentFile[];
    const picture = files.find((f) => f.type === 'picture')!;
    const bytes = (await again.get(picture.url).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(bytes.equals(SAMPLE_JPEG)).toBe(true);
  });
});
