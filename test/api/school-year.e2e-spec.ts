import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchoolYearService } from '../../server/school-year/school-year.service.js';
import { ApiClient, signedInAdmin, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The current school year (docs/product.md §12): from the date until the school rolls over, then the stored one.

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ env: { SCHOOL_YEAR_START_MONTH: '1' } });
  await createAdmin(t, 'year-admin', 'Year-Admin-Pass-1');
  await createStudent(t, { id: 'Y100', first_name: 'Yara', last_name: 'Lee', password: 'Yara-Year-Pass-1' });
  admin = await signedInAdmin(t, 'year-admin', 'Year-Admin-Pass-1');
  student = await signedInStudent(t, 'Y100', 'Yara-Year-Pass-1');
});
afterAll(() => t.close());

describe('GET /api/school-year', () => {
  it('starts from the date: with the year starting in January, it is this calendar year', async () => {
    const thisYear = Number(new Date().toISOString().slice(0, 4));
    // A date in the last hours of 31 December in UTC may already be next year's in the school's time zone.
    const { year } = (await admin.get('/api/school-year').expect(200)).body as { year: number };
    expect([thisYear, thisYear + 1]).toContain(year);
    expect((await student.get('/api/school-year').expect(200)).body).toEqual({ year });
    expect((await new ApiClient(t).get('/api/school-year')).status).toBe(401);
  });

  it('is the stored year once there is one, on every request', async () => {
    await t.ds.transaction((m) => t.app.get(SchoolYearService).set(2031, m));
    expect((await student.get('/api/school-year').expect(200)).body).toEqual({ year: 2031 });
  });
});
