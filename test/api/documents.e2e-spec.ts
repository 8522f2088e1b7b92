import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { House, Religion } from '../../server/lookups/entities/lookups.entities.js';
import { formatLocalDateTime } from '../../server/common/time.js';
import { Student } from '../../server/students/entities/student.entity.js';
import { User } from '../../server/users/entities/user.entity.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { DEFAULT_TERMS_TEXT, termsParagraphs } from '../../shared/terms.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { SAMPLE_JPEG, samplePdf } from '../fixtures/files.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The generated PDFs, read back as a person would read them: poppler's pdfinfo (paper size),
// pdftotext (what is printed) and pdfimages (the picture). Copies land in test-results/.

const CARA = 'D100';
const DANI = 'D200';
const EVE = 'D300';
const SCRIPT = '<script>alert(1)</script>';
let t: TestApp;
let cara: ApiClient;
let dani: ApiClient;
let admin: ApiClient;

/** Keeps the PDF in test-results/ and runs a poppler tool on it. */
function poppler(tool: 'pdfinfo' | 'pdftotext' | 'pdfimages', bytes: Buffer, name: string): string {
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${t.engine}.pdf`);
  writeFileSync(file, bytes);
  const args = tool === 'pdftotext' ? ['-layout', file, '-'] : tool === 'pdfimages' ? ['-list', file] : [file];
  return execFileSync(tool, args, { encoding: 'utf8' });
}

/** The text of each page of a PDF kept by poppler() under `name`, by pdftotext -f n -l n. */
function pageTexts(pdf: Buffer, name: string): string[] {
  const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', pdf, name))![1]);
  const file = path.resolve('test-results', `${name}-${t.engine}.pdf`);
  return Array.from({ length: pages }, (_, n) =>
    execFileSync('pdftotext', ['-layout', '-f', String(n + 1), '-l', String(n + 1), file, '-'], { encoding: 'utf8' }),
  );
}

/** pdftotext -layout breaks long lines and spaces words out: compare words with single spaces. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function upload(c: ApiClient, id: string, type: string, bytes: Buffer, name: string) {
  return c.agent
    .post('/api/store-file')
    .set('X-XSRF-TOKEN', c.xsrfToken())
    .field('id', id)
    .field('file_type', type)
    .attach('file', bytes, name);
}

beforeAll(async () => {
  t = await startTestApp();
  const religion = (await t.ds.getRepository(Religion).find({ order: { code: 'ASC' } }))[0];
  const house = (await t.ds.getRepository(House).find({ order: { id: 'ASC' } }))[0];
  await createStudent(t, {
    id: CARA,
    first_name: 'Cara',
    last_name: 'Mendoza',
    class_id: '1A',
    date_of_birth: '2013-04-09',
    password: 'Cara-Docs-Pass-1',
    extra: {
      middle_name: 'Rose',
      home_address: SCRIPT,
      address_line_2: 'Arima',
      phone_home: '7654321',
      religion_code: religion.code,
      house_code: house.id,
      birth_certificate_no: 'EBP-4411',
      place_of_birth: 'Trinidad and Tobago',
      nationality: 'Trinidadian',
      living_status: 'Mother Only',
      mother_name: 'Maria Mendoza',
      mobile_phone_mother: '3334444',
      polio: 1,
      measles: 1,
      asthma: 1,
      allergy: 'Peanuts',
      device_type: 'Laptop',
      internet_access: 1,
      immigration_permit: 1,
      immigration_permit_no: 'IP-99812',
      agree_terms_conditions: 1,
    },
  });
  await createStudent(t, {
    id: DANI,
    first_name: 'Dani',
    last_name: 'Alleyne',
    class_id: '1A',
    password: 'Dani-Docs-Pass-1',
  });
  await createStudent(t, {
    id: EVE,
    first_name: 'Eve',
    last_name: 'Baptiste',
    class_id: '2B',
    date_of_birth: '2012-01-02',
  });
  await createAdmin(t, 'docs-admin', 'Docs-Admin-Pass-1');
  cara = await signedInStudent(t, CARA, 'Cara-Docs-Pass-1');
  dani = await signedInStudent(t, DANI, 'Dani-Docs-Pass-1');
  admin = await signedInAdmin(t, 'docs-admin', 'Docs-Admin-Pass-1');
  for (const [type, bytes, name] of [
    ['birth_certificate', samplePdf('b'), 'birth.pdf'],
    ['immunization_card', samplePdf('i'), 'card.pdf'],
    ['sea_slip', samplePdf('s'), 'sea.pdf'],
    ['picture', SAMPLE_JPEG, 'cara.jpg'],
  ] as const)
    expect((await upload(cara, CARA, type, bytes, name)).status).toBe(200);
});
afterAll(() => t.close());

describe('registration form', () => {
  it('prints the whole record on US Legal paper, values as text, lookups as names, phones with 1868', async () => {
    const res = await cara.download(`/api/registration-form/${CARA}`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Registration Form ${CARA}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.body as Buffer;
    expect(poppler('pdfinfo', pdf, 'registration-form')).toMatch(/Page size:\s+612 x 1008 pts/);

    const text = poppler('pdftotext', pdf, 'registration-form');
    const religion = (await t.ds.getRepository(Religion).find({ order: { code: 'ASC' } }))[0].religion;
    const house = (await t.ds.getRepository(House).find({ order: { id: 'ASC' } }))[0].name;
    const { year } = (await cara.get('/api/school-year').expect(200)).body as { year: number };
    for (const expected of [
      'Test Girls High School',
      `Student Registration Form · School year ${schoolYearLabel(year)}`,
      'Cara Rose Mendoza',
      `Student ID ${CARA}`,
      'First Name:',
      'Cara',
      'Date of Birth:',
      '2013-04-09',
      'Electronic Birth Pin:',
      'EBP-4411',
      'Country of Birth:',
      SCRIPT,
      '1868-765-4321',
      religion,
      house,
      'Maria Mendoza',
      '1868-333-4444',
      'Peanuts',
      'Laptop',
      'Immigration Permit',
      'IP-99812',
      '1. Student Data',
      '2. Family Data',
      '3. Medical Data',
      '4. Other Data',
      '5. Documents',
      '6. Complete',
      'Birth Certificate',
      'birth.pdf',
      'Not received',
      'Signature of Parent / Guardian',
    ])
      expect(text, `"${expected}" on the form`).toContain(expected);
    // She ticked the agreement, but the registration is not finished: the form says so and what is missing,
    // rather than an unqualified "Agreed".
    expect(text).not.toContain('Agreement: Agreed');
    expect(text).toContain('Registration NOT complete: 4 of 6 steps complete.');
    expect(squeeze(text)).toContain('Family Data: Emergency Contact, Emergency Contact Phone');
    expect(squeeze(text)).toContain('Upload Documents: Immigration Permit');
    // Steps in order; the living status shows only the mother's section.
    const order = [
      '1. Student Data',
      '2. Family Data',
      '3. Medical Data',
      '4. Other Data',
      '5. Documents',
      '6. Complete',
    ].map((s) => text.indexOf(s));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Mother');
    expect(text).not.toMatch(/^\s*Father\s*$/m);
    // the picture is printed
    expect(poppler('pdfimages', pdf, 'registration-form')).toMatch(/\n\s*\d+\s+\d+\s+image\s+48\s+64\s/);
  });

  it('prints blank lines for an empty record, all family sections, and no immigration section', async () => {
    const res = await dani.download(`/api/registration-form/${DANI}`).expect(200);
    const pdf = res.body as Buffer;
    expect(poppler('pdfinfo', pdf, 'registration-form-empty')).toMatch(/Page size:\s+612 x 1008 pts/);
    const text = poppler('pdftotext', pdf, 'registration-form-empty');
    expect(text).toContain('Dani Alleyne');
    expect(text).toContain('Affix a recent');
    expect(text).toMatch(/Mother[\s\S]*Father[\s\S]*Guardian/);
    expect(text).not.toContain('Permit Number');
    expect(text).toContain('Registration NOT complete: 0 of 6 steps complete.');
    expect(text).toContain('Terms and conditions: not agreed yet.');
    expect(text).toContain('Home Phone:');
    expect(poppler('pdfimages', pdf, 'registration-form-empty')).not.toMatch(/\n\s*\d+\s+\d+\s+image/);
  });

  it('prints nothing for an empty phone: no 1868 prefix on a blank line', async () => {
    const empty = poppler(
      'pdftotext',
      (await dani.download(`/api/registration-form/${DANI}`).expect(200)).body,
      'form-empty-phones',
    );
    expect(empty).toContain('Home Phone:');
    expect(empty).not.toContain('1868');
    // Cara has two phones: they, and only they, carry the prefix.
    const filled = poppler(
      'pdftotext',
      (await cara.download(`/api/registration-form/${CARA}`).expect(200)).body,
      'form-two-phones',
    );
    expect(filled.match(/1868/g)).toEqual(['1868', '1868']);
  });

  it('keeps a section heading with what follows: 3. Medical Data is never alone at the foot of a page', async () => {
    // With Both Parents the family step prints the mother's and the father's sections, which brings the medical
    // heading to the foot of page 1.
    await createStudent(t, {
      id: 'D450',
      first_name: 'Fay',
      last_name: 'Ramkissoon',
      class_id: '1A',
      extra: { living_status: 'Both Parents', mother_name: 'Gina Ramkissoon', father_name: 'Hari Ramkissoon' },
    });
    const pdf = (await admin.download('/api/registration-form/D450').expect(200)).body as Buffer;
    const pages = pageTexts(pdf, 'registration-form-both-parents');
    expect(pages.length).toBeGreaterThan(1);
    const onPage = pages.findIndex((p) => p.includes('3. Medical Data'));
    expect(onPage).toBeGreaterThanOrEqual(0);
    // Its first block (the immunizations, with their ticks) is on the same page, under it.
    const page = pages[onPage];
    expect(page.indexOf('Immunizations'), `page ${onPage + 1}`).toBeGreaterThan(page.indexOf('3. Medical Data'));
    expect(page).toContain('Polio');
    // No other heading ends a page either (the footer, 'Page n of m', left aside).
    const bodies = pages.map((p) => p.replace(/^.*Page \d+ of \d+\s*$/m, '').trimEnd());
    for (const heading of ['1. Student Data', '2. Family Data', '4. Other Data', '5. Documents', '6. Complete']) {
      const at = bodies.findIndex((p) => p.includes(heading));
      expect(bodies[at].trimEnd().endsWith(heading), `${heading} at the foot of page ${at + 1}`).toBe(false);
    }
    // Only here for this check: the registration report below counts the students of the file.
    await t.ds.getRepository(User).delete({ student_id: 'D450' });
    await t.ds.getRepository(Student).delete({ id: 'D450' });
  });

  it('is served again unchanged while the record is unchanged, and anew after a change', async () => {
    const first = (await cara.download(`/api/registration-form/${CARA}`).expect(200)).body as Buffer;
    const again = (await cara.download(`/api/registration-form/${CARA}`).expect(200)).body as Buffer;
    expect(again.equals(first)).toBe(true);
    expect((await cara.post('/api/student', { id: CARA, allergy: 'Shellfish' })).status).toBe(200);
    const changed = (await cara.download(`/api/registration-form/${CARA}`).expect(200)).body as Buffer;
    expect(poppler('pdftotext', changed, 'registration-form-changed')).toContain('Shellfish');
    expect((await upload(cara, CARA, 'immunization_covid', samplePdf('c'), 'covid-card.pdf')).status).toBe(200);
    const withCovid = (await cara.download(`/api/registration-form/${CARA}`).expect(200)).body as Buffer;
    expect(poppler('pdftotext', withCovid, 'registration-form-covid')).toContain('covid-card.pdf');
  });

  it('says plainly that a finished registration is complete, with the terms she agreed to and when', async () => {
    const id = 'D400';
    await createStudent(t, {
      id,
      first_name: 'Fay',
      last_name: 'Roberts',
      class_id: '1A',
      date_of_birth: '2013-06-01',
      password: 'Fay-Docs-Pass-1',
      extra: {
        birth_certificate_no: 'EBP-7001',
        home_address: '3 Hill Rd',
        address_line_2: 'Arima',
        place_of_birth: 'Trinidad and Tobago',
        nationality: 'Trinidadian',
        living_status: 'Mother Only',
        mother_name: 'Joy Roberts',
        mobile_phone_mother: '3335555',
        emergency_contact: 'Ann Roberts',
        emergency_home_phone: '6226226',
        polio: 1,
        device_type: 'Phone',
      },
    });
    const fay = await signedInStudent(t, id, 'Fay-Docs-Pass-1');
    for (const [type, bytes, name] of [
      ['birth_certificate', samplePdf('fb'), 'birth.pdf'],
      ['immunization_card', samplePdf('fi'), 'card.pdf'],
      ['sea_slip', samplePdf('fs'), 'sea.pdf'],
      ['picture', SAMPLE_JPEG, 'fay.jpg'],
    ] as const)
      expect((await upload(fay, id, type, bytes, name)).status).toBe(200);
    // Five of six: the form lists only the agreement as missing.
    const before = poppler(
      'pdftotext',
      (await fay.download(`/api/registration-form/${id}`).expect(200)).body as Buffer,
      'registration-form-five-of-six',
    );
    expect(before).toContain('Registration NOT complete: 5 of 6 steps complete.');
    expect(squeeze(before)).toContain('Complete: Agreement to the terms and conditions');

    const agreed = await fay.post('/api/student', { id, agree_terms_conditions: 1 }).expect(200);
    const local = formatLocalDateTime(new Date(agreed.body.terms_agreed_at as string), t.config.timeZone).slice(0, 16);
    const text = poppler(
      'pdftotext',
      (await fay.download(`/api/registration-form/${id}`).expect(200)).body as Buffer,
      'registration-form-complete',
    );
    expect(text).toContain('Registration complete: all six steps are complete.');
    expect(text).not.toContain('NOT complete');
    expect(text).not.toContain('Still needed');
    expect(text).toContain('Terms and Conditions (version 1)');
    expect(squeeze(text)).toContain(squeeze(termsParagraphs(DEFAULT_TERMS_TEXT)[1]));
    expect(squeeze(text)).toContain(`Terms and conditions: agreed on ${local} to version 1.`);

    // The school changes its terms: the form is made anew (not served from memory), still complete,
    // printing the words she agreed to and saying the text has changed since.
    await admin.post('/api/terms-and-conditions', { text: 'Every student wears the school uniform.' }).expect(200);
    const later = poppler(
      'pdftotext',
      (await fay.download(`/api/registration-form/${id}`).expect(200)).body as Buffer,
      'registration-form-terms-changed',
    );
    expect(later).toContain('Registration complete: all six steps are complete.');
    expect(later).toContain('Terms and Conditions (version 1)');
    expect(squeeze(later)).toContain('The school has changed the text since (now version 2).');
    expect(later).not.toContain('Every student wears the school uniform.');
    // An empty record prints the current text.
    const dani2 = poppler(
      'pdftotext',
      (await dani.download(`/api/registration-form/${DANI}`).expect(200)).body as Buffer,
      'registration-form-empty-terms-2',
    );
    expect(dani2).toContain('Terms and Conditions (version 2)');
    expect(dani2).toContain('Every student wears the school uniform.');
  });

  it('only for its owner and administrators', async () => {
    expect((await admin.download(`/api/registration-form/${CARA}`)).status).toBe(200);
    expect((await dani.get(`/api/registration-form/${CARA}`)).status).toBe(403);
    expect((await new ApiClient(t).get(`/api/registration-form/${CARA}`)).status).toBe(401);
    expect((await admin.get('/api/registration-form/NOBODY')).status).toBe(404);
  });
});

describe('registration report', () => {
  it('lists every student grouped by class with each step and the documents received, on Legal landscape', async () => {
    const res = await admin.download('/api/registration-report/all').expect(200);
    const pdf = res.body as Buffer;
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(poppler('pdfinfo', pdf, 'registration-report')).toMatch(/Page size:\s+1008 x 612 pts/);
    const text = poppler('pdftotext', pdf, 'registration-report');
    for (const expected of [
      'Registration Report — All Students',
      'Class 1A',
      'Class 2B',
      'Student Data',
      'Family Data',
      'Medical Data',
      'Other Data',
      'Upload Documents',
      'Complete',
      'Documents Received',
      'Mendoza, Cara',
      'Alleyne, Dani',
      'Baptiste, Eve',
      '2012-01-02',
      '3 students',
    ]) {
      expect(text, `"${expected}" in the report`).toContain(expected);
    }
    // Class 1A before 2B; in a class by last name.
    expect(text.indexOf('Class 1A')).toBeLessThan(text.indexOf('Class 2B'));
    expect(text.indexOf('Alleyne, Dani')).toBeLessThan(text.indexOf('Mendoza, Cara'));
    expect(text.indexOf('Mendoza, Cara')).toBeLessThan(text.indexOf('Class 2B'));
    const caraLine = text.split('\n').find((l) => l.includes('Mendoza, Cara'))!;
    expect(caraLine).toMatch(/BC IC CV SEA PIC/);
    expect(text.split('\n').find((l) => l.includes('Alleyne, Dani'))).toMatch(/0\/6\s+none/);
  });

  it('for one class', async () => {
    const text = poppler(
      'pdftotext',
      (await admin.download('/api/registration-report/2B').expect(200)).body as Buffer,
      'registration-report-2B',
    );
    expect(text).toContain('Registration Report — Class 2B');
    expect(text).toContain('Baptiste, Eve');
    expect(text).not.toContain('Mendoza');
    expect((await admin.get('/api/registration-report/9Z')).status).toBe(404);
  });

  it('only for administrators', async () => {
    expect((await cara.get('/api/registration-report/all')).status).toBe(403);
    expect((await cara.get('/api/registration-report/1A')).status).toBe(403);
    expect((await new ApiClient(t).get('/api/registration-report/all')).status).toBe(401);
  });

  it('a student record whose text looks like markup is printed as text in the report too', async () => {
    await t.ds.getRepository(Student).update({ id: EVE }, { first_name: '<b>Eve</b>' });
    const text = poppler(
      'pdftotext',
      (await admin.download('/api/registration-report/2B').expect(200)).body as Buffer,
      'registration-report-markup',
    );
    expect(text).toContain('Baptiste, <b>Eve</b>');
  });
});

describe('without Chromium', () => {
  it('the portal still runs and the PDF routes say how to set CHROMIUM_PATH (503)', async () => {
    const noPdf = await startTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      await createStudent(noPdf, { id: 'N1', password: 'No-Chromium-Pass-1' });
      const c = await signedInStudent(noPdf, 'N1', 'No-Chromium-Pass-1');
      expect((await c.get('/api/student-record/N1')).status).toBe(200);
      const res = await c.get('/api/registration-form/N1');
      expect(res.status).toBe(503);
      expect(res.body.message).toContain('CHROMIUM_PATH');
    } finally {
      await noPdf.close();
    }
  });
});
