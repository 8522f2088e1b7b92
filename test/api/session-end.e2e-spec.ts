import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEndReason } from '../../shared/api-types.js';
import { MESSAGES } from '../../shared/constants.js';
import { SessionRow } from '../../server/auth/sessions/session.entity.js';
import { ApiClient, expectStatus, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// A page still open when its session ends is told why (docs/product.md §4 Sign-in): its next call answers 401 with a
// reason, and GET /api/session says it too, so the sign-in dialog does not blame the idle time for a password changed
// on another device.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
  for (const [n, id] of ['5001', '5002', '5003', '5004', '5005', '5006'].entries())
    await createStudent(t, { id, date_of_birth: '2012-01-02', password: `Ended-Pass-${n}0` });
});
afterAll(() => t.close());
beforeEach(() => t.ds.query('DELETE FROM throttler_hits'));

/** A signed-in call's 401, and what GET /api/session says, from a browser whose session has ended. */
async function expectEnded(c: ApiClient, studentId: string, reason: SessionEndReason): Promise<void> {
  const refused = await expectStatus(c.get(`/api/student-record/${studentId}`), 401);
  expect(refused.body).toEqual({ statusCode: 401, message: MESSAGES.signInRequired, reason });
  const session = await expectStatus(c.get('/api/session'), 200);
  expect(session.body).toMatchObject({ authenticated: false, user: null, ended_reason: reason });
}

describe('why a session ended', () => {
  it('a password changed on another device', async () => {
    const laptop = await signedInStudent(t, '5001', 'Ended-Pass-00');
    const phone = await signedInStudent(t, '5001', 'Ended-Pass-00');
    await expectStatus(
      phone.post('/api/change-password-student', {
        student_id: '5001',
        old_password: 'Ended-Pass-00',
        password: 'Ended-Pass-01',
      }),
      200,
    );
    await expectEnded(laptop, '5001', 'password-changed');
    // Said again on the next call; the phone carries on.
    await expectEnded(laptop, '5001', 'password-changed');
    await expectStatus(phone.get('/api/student-record/5001'), 200);
    // The ended session keeps no account: nothing counts it as hers.
    const account = (await t.ds.query("SELECT id FROM users WHERE student_id = '5001'")) as { id: number }[];
    expect(await t.ds.getRepository(SessionRow).countBy({ user_id: account[0].id })).toBe(1);
    // Signing in again in that browser works as ever.
    await expectStatus(laptop.loginStudent('5001', 'Ended-Pass-01'), 200);
    await expectStatus(laptop.get('/api/student-record/5001'), 200);
  });

  it('the office reset her password', async () => {
    const c = await signedInStudent(t, '5002', 'Ended-Pass-10');
    const admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    await expectStatus(admin.post('/api/reset-password-student', { student_id: '5002' }), 200);
    await expectEnded(c, '5002', 'password-reset');
  });

  it('the idle time passed, or the 12 hours since sign-in', async () => {
    const idle = await signedInStudent(t, '5003', 'Ended-Pass-20');
    const long = await signedInStudent(t, '5004', 'Ended-Pass-30');
    const repo = t.ds.getRepository(SessionRow);
    const [idleAccount, longAccount] = (await t.ds.query(
      "SELECT id FROM users WHERE student_id IN ('5003', '5004') ORDER BY student_id",
    )) as { id: number }[];
    await repo.update({ user_id: idleAccount.id }, { expires_at: Date.now() - 1000 });
    for (const row of await repo.findBy({ user_id: longAccount.id })) {
      const sess = JSON.parse(row.sess) as { signedInAt: number };
      sess.signedInAt = Date.now() - 12 * 3_600_000 - 1000;
      await repo.update({ sid: row.sid }, { sess: JSON.stringify(sess) });
    }
    await expectEnded(idle, '5003', 'idle');
    await expectEnded(long, '5004', 'expired');
  });

  it('signed out in another tab (the browser has no session cookie), or never signed in', async () => {
    const c = await signedInStudent(t, '5005', 'Ended-Pass-40');
    await expectStatus(c.post('/logout'), 204);
    await expectEnded(c, '5005', 'signed-out');
    await expectEnded(new ApiClient(t), '5005', 'signed-out');
  });

  it('a guardian whose link to a student was removed', async () => {
    const guardianId = await createGuardian(t, {
      email: 'aunt@example.tt',
      password: 'Aunt-Pass-Word-1',
      students: ['5006'],
    });
    const aunt = await signedInGuardian(t, 'aunt@example.tt', 'Aunt-Pass-Word-1');
    const admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: '5006', guardian_id: guardianId }), 204);
    await expectEnded(aunt, '5006', 'access-removed');
  });
});
