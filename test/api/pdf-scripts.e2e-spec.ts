import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The PDFs print names in any script the school's families
// use. The PDF templates fall back to Debian's Noto fonts (fonts-noto-core, fonts-noto-cjk, in the
// Docker image and installed by .ci/run); read back with poppler's pdftotext and pdffonts.

const NAMES = {
  first_name: 'فاطمة', // Arabic
  middle_name: 'प्रिया', // Devanagari
  last_name: '王小红', // Chinese
  mother_name: 'Анна Иванова', // Cyrillic
  father_name: 'Ярослав', // Cyrillic
};
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, {
    id: 'W100',
    first_name: NAMES.first_name,
    last_name: NAMES.last_name,
    class_id: '1A',
    extra: { middle_name: NAMES.middle_name, mother_name: NAMES.mother_name, father_name: NAMES.father_name },
  });
  await createAdmin(t, 'scripts-admin', 'Scripts-Admin-Pass-1');
});
afterAll(() => t.close());

function poppler(tool: 'pdftotext' | 'pdffonts', file: string): string {
  return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
}

describe('names in every script', () => {
  it('the registration form prints Arabic, Devanagari, Chinese and Cyrillic names in Noto fonts', async () => {
    const admin = await signedInAdmin(t, 'scripts-admin', 'Scripts-Admin-Pass-1');
    const res = await admin.get('/api/registration-form/W100').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `registration-form-scripts-${t.engine}.pdf`);
    writeFileSync(file, res.body as Buffer);

    // Compatibility forms (Arabic presentation forms) folded back to the letters typed.
    const text = poppler('pdftotext', file).normalize('NFKC');
    for (const name of Object.values(NAMES)) expect(text, name).toContain(name.normalize('NFKC'));
    expect(text).not.toContain('\uFFFD');

    const fonts = poppler('pdffonts', file);
    // Embedded Noto fonts (subset names such as "CAAAAA+NotoSansDevanagari-Regular"): Devanagari has
    // no glyph in Liberation or DejaVu. (Chromium embeds the CFF-based Noto CJK as Type 3 outlines,
    // which pdffonts lists without a name.)
    expect(fonts).toMatch(/\+NotoSansDevanagari-Regular\s/);
    expect(fonts).toMatch(/\+NotoSans-Regular\s/);
  });
});
