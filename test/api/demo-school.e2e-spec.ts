import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/users/password-hasher.js';
import {
  DEMO_ADMIN,
  DEMO_GUARDIAN,
  DEMO_PASSWORD,
  DEMO_RETURNING,
  demoFormerStudents,
  demoStudents,
} from '../../server/app/seeds/demo-school.js';
import type { RegistrationRound } from '../../shared/registration-round.js';
import { SCHOOL_YEAR_MESSAGES } from '../../shared/school-year.js';
import { pdfText } from '../fixtures/photos.js';
import { User } from '../../server/users/entities/user.entity.js';
import { ApiClient } from '../fixtures/api-client.js';
import { startTestApp, type TestApp } from '../fixtures/test-app.js';

/*
 * The demo school (SEED_DEMO) is the same on SQLite and MariaDB (on MariaDB the wrong students once had the
 * chosen password): each student's account has the password the seed meant for her, and the sign-ins the README's
 * table gives work as it says.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO: 'on' } });
}, 120_000);
afterAll(() => t.close());

describe('the demo school', () => {
  it("gives each student her own kind of password: her date of birth (to be changed) or the demo's", async () => {
    const hasher = t.app.get(PasswordHasher);
    const accounts = await t.ds.getRepository(User).findBy({ role: 'student' });
    const byId = new Map(accounts.map((u) => [u.student_id, u]));
    const wrong: string[] = [];
    for (const s of demoStudents(new Date().toISOString())) {
      const account = byId.get(s.record.id!)!;
      const dob = s.record.date_of_birth!.replaceAll('-', '');
      const expected = s.password ? `chosen (${s.password})` : `date of birth (${dob})`;
      const got = (await hasher.verify(s.password ?? dob, account.password_hash)) ? expected : `not ${expected}`;
      if (got !== expected || account.password_reset !== (s.password ? 0 : 1))
        wrong.push(`${s.record.id}: ${got}, password_reset ${account.password_reset}`);
    }
    expect(wrong).toEqual([]);
    // 36 current students and 3 former ones (docs/product.md §12.3)
    expect(accounts).toHaveLength(39);
  });

  it("signs in as the README's table says", async () => {
    const first = await new ApiClient(t).loginStudent('20260001', '20140101');
    expect(first.status).toBe(200);
    expect(first.body.password_reset).toBe(1);
    const chosen = await new ApiClient(t).loginStudent('20260002', 'Portal-Demo-2026');
    expect(chosen.status).toBe(200);
    expect(chosen.body.password_reset).toBe(0);
    expect((await new ApiClient(t).loginStudent('20250003', '20130303')).body.password_reset).toBe(1);
    expect((await new ApiClient(t).loginAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password)).status).toBe(200);
    const parent = await new ApiClient(t).loginGuardian(DEMO_GUARDIAN.email, DEMO_GUARDIAN.password);
    expect(parent.body.students.map((s: { id: string }) => s.id).sort()).toEqual(['20260002', '20260025']);
  });

  it('has a returning student: last year kept, every step to confirm, her form of last year there', async () => {
    const zara = new ApiClient(t);
    expect((await zara.loginStudent(DEMO_RETURNING.id, DEMO_PASSWORD)).status).toBe(200);
    const round = (await zara.get(`/api/registration-round/${DEMO_RETURNING.id}`).expect(200))
      .body as RegistrationRound;
    expect(round.returning).toBe(true);
    expect(Object.values(round.steps)).toEqual([
      'to_confirm',
      'to_confirm',
      'to_confirm',
      'to_confirm',
      'to_confirm',
      'to_agree',
    ]);
    const kept = await zara.download(`/api/registration-form/${DEMO_RETURNING.id}?year=${round.year - 1}`).expect(200);
    expect(pdfText(kept.body as Buffer)).toContain(`Class ${DEMO_RETURNING.lastYearClass}`);
  });

  it('has former students: listed apart, their accounts closed, two of them due for deletion', async () => {
    const admin = new ApiClient(t);
    await admin.loginAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const former = demoFormerStudents(new Date().toISOString()).map((s) => s.record.id);
    const listed = (await admin.get('/api/students?status=former').expect(200)).body as { id: string }[];
    expect(listed.map((s) => s.id).sort()).toEqual([...former].sort());
    const current = (await admin.get('/api/students').expect(200)).body as { id: string }[];
    expect(current).toHaveLength(36);
    const due = (await admin.get('/api/retention/due').expect(200)).body as { due: { id: string }[] };
    expect(due.due.map((s) => s.id).sort()).toEqual(['20130041', '20130042']);
    const closed = await new ApiClient(t).loginStudent('20130041', DEMO_PASSWORD);
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
  });
});
