import { describe, expect } from 'vitest';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { StudentsRepository } from '../../server/students/students.repository.js';
import { browserTest } from '../fixtures/browser-test.js';
import { createAdmin, createStudent, type TestApp } from '../fixtures/test-app.js';
import { axeViolations, clientView, expectPath, horizontalOverflow, signInAdmin } from './support.js';

// The office's Former Students page (docs/product.md §12.3): empty until a rollover, then a read-only, searchable
// table with each girl's registration form and term reports, at a phone's width and a laptop's.

const it = browserTest;

let t: TestApp;
let password: string;

it.beforeAll(async ({ app }) => {
  t = app;
  password = await createAdmin(t, 'office');
  await createStudent(t, { id: '20217001', first_name: 'Gina', last_name: 'Ramdass', class_id: '6A' });
  await createStudent(t, { id: '20247002', first_name: 'Lena', last_name: 'Mohammed', class_id: '3B' });
  await createStudent(t, { id: '20267003', first_name: 'Cara', last_name: 'Ali', class_id: '1A' });
});

const heading = (page: Parameters<typeof clientView>[0]) =>
  clientView(page).getByRole('heading', { level: 1, name: 'Former Students' });

describe('Former Students', () => {
  it('says that nobody has left yet, from the menu after Parents Contact', async ({ openPage }) => {
    const page = await openPage({ width: 360, height: 740 });
    await signInAdmin(page, 'office', password);
    await page.getByRole('button', { name: /menu/i }).first().click();
    const entries = await page
      .getByRole('navigation', { name: 'Administrator menu' })
      .getByRole('link')
      .allInnerTexts();
    const labels = entries.map((e) => e.trim());
    expect(labels.indexOf('Former Students')).toBe(labels.indexOf('Parents Contact') + 1);
    await page.getByRole('link', { name: 'Former Students', exact: true }).click();
    await expectPath(page, '/admin/former-students');
    await expect.poll(() => heading(page).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(FORMER_STUDENT_MESSAGES.empty).isVisible()).toBe(true);
  });

  it('lists those who left, searches them and opens their term reports, at 360 and 1366 px', async ({ openPage }) => {
    const students = t.app.get(StudentsRepository);
    await t.ds.transaction(async (m) => {
      await students.setStanding(['20217001'], { status: 'graduated', left_on: '2026-07-31', leaving_reason: null }, m);
      await students.setStanding(
        ['20247002'],
        { status: 'left', left_on: '2026-08-20', leaving_reason: 'Moved to Tobago' },
        m,
      );
    });
    for (const [width, height] of [
      [1366, 768],
      [360, 740],
    ]) {
      const page = await openPage({ width, height, bypassCSP: true });
      await signInAdmin(page, 'office', password);
      await page.goto('/admin/former-students');
      await expect.poll(() => page.getByText('Former students: 2').isVisible()).toBe(true);
      const rows = await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
      expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
        '20247002 Mohammed, Lena 3B Left 2026-08-20 Moved to Tobago Registration Form Term Reports',
        '20217001 Ramdass, Gina 6A Graduated 2026-07-31 Registration Form Term Reports',
      ]);
      // The page itself never scrolls sideways: a narrow screen scrolls the table within its card.
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByPlaceholder('Search ID, name or class').fill('gina');
      await expect.poll(() => page.getByText('Former students: 2 · Showing 1').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Term Reports of Gina Ramdass' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: /Gina Ramdass \(20217001\)/ }).isVisible()).toBe(true);
    }
    // Only current students are in the Students table.
    const office = await openPage({ width: 1366, height: 768 });
    await signInAdmin(office, 'office', password);
    await expect.poll(() => office.getByText('Total Number of Students: 1').isVisible()).toBe(true);
  });
});
