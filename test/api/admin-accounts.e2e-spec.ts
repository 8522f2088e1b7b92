import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { ApiClient, signedInAdmin, signedInStudent, expectStatus } from '../fixtures/api-client.js';
import { createAdmin, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
let admin: ApiClient;
let student: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, 'office', 'Office-Admin-Pass-1');
  await createStudent(t, { id: '20262001', password: 'Student-Pass-2026' });
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
  student = await signedInStudent(t, '20262001', 'Student-Pass-2026');
  visitor = await new ApiClient(t).primeCsrf();
});
afterAll(() => t.close());

describe('administrator accounts', () => {
  it('an administrator creates another, who can then sign in; it is audited', async () => {
    const res = await admin
      .post('/api/admins', { username: 'deputy', display_name: 'Deputy Principal', password: 'Second-Desk-2026' })
      .expect(201);
    expect(res.body).toMatchObject({ username: 'deputy', display_name: 'Deputy Principal' });
    expect(res.body).not.toHaveProperty('password_hash');
    const list = await admin.get('/api/admins').expect(200);
    expect(list.body.map((a: { username: string }) => a.username)).toEqual(['deputy', 'office']);
    const deputy = new ApiClient(t);
    const login = await deputy.loginAdmin('deputy', 'Second-Desk-2026');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      name: 'Admin',
      role: 'admin',
      username: 'deputy',
      display_name: 'Deputy Principal',
    });
    await deputy.get('/api/students').expect(200);
    expect(await t.ds.getRepository(AuditEntry).findOneBy({ action: 'admin.created' })).toMatchObject({
      actor: 'admin:office',
      entity_id: 'deputy',
    });
  });

  it('refuses a taken username, a weak or short password and a bad username with 422', async () => {
    const taken = await admin
      .post('/api/admins', { username: 'office', display_name: 'X', password: 'Another-Pass-2026' })
      .expect(422);
    expect(taken.body.errors.username[0]).toMatch(/taken/);
    const short = await admin
      .post('/api/admins', { username: 'clerk', display_name: 'Clerk', password: 'Short-1' })
      .expect(422);
    expect(short.body.errors.password[0]).toMatch(/10 characters/);
    const common = await admin
      .post('/api/admins', { username: 'clerk', display_name: 'Clerk', password: 'password123' })
      .expect(422);
    expect(common.body.errors.password[0]).toMatch(/too common/);
    const same = await admin
      .post('/api/admins', { username: 'clerk', display_name: 'Clerk', password: 'clerk-and-more' })
      .expect(422);
    expect(same.body.errors.password[0]).toMatch(/username/);
    await admin
      .post('/api/admins', { username: 'a b', display_name: 'Clerk', password: 'Clerk-Pass-2026' })
      .expect(422);
    await admin.post('/api/admins', { username: 'clerk', password: 'Clerk-Pass-2026' }).expect(422);
    await admin
      .post('/api/admins', { username: 'clerk', display_name: 'Clerk', password: 'Clerk-Pass-2026', role: 'admin' })
      .expect(422);
  });

  it('is refused to a student (403) and a visitor (401)', async () => {
    await expectStatus(student.get('/api/admins'), 403);
    await expectStatus(
      student.post('/api/admins', { username: 'sneaky', display_name: 'S', password: 'Sneaky-Pass-2026' }),
      403,
    );
    await expectStatus(visitor.get('/api/admins'), 401);
    await expectStatus(
      visitor.post('/api/admins', { username: 'sneaky', display_name: 'S', password: 'Sneaky-Pass-2026' }),
      401,
    );
  });
});

describe('an administrator changes her own password', () => {
  it('needs the old password, follows the password policy, and keeps her signed in', async () => {
    const me = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    const wrong = await me
      .post('/api/change-password-student', {
        student_id: 'office',
        old_password: 'nope',
        password: 'Brand-New-Secret-7',
      })
      .expect(422);
    expect(wrong.body.errors.old_password).toBeDefined();
    await me.post('/api/change-password-student', { student_id: 'office', password: 'Brand-New-Secret-7' }).expect(422);
    await me
      .post('/api/change-password-student', {
        student_id: 'office',
        old_password: 'Office-Admin-Pass-1',
        password: 'short',
      })
      .expect(422);
    // Eight characters are enough for a student, not for an administrator.
    const eight = await me
      .post('/api/change-password-student', {
        student_id: 'office',
        old_password: 'Office-Admin-Pass-1',
        password: 'Gx7#kLp2',
      })
      .expect(422);
    expect(eight.body.errors.password[0]).toContain('at least 10 characters');
    // Another administrator's name is not hers.
    await me
      .post('/api/change-password-student', {
        student_id: 'deputy',
        old_password: 'Office-Admin-Pass-1',
        password: 'Brand-New-Secret-7',
      })
      .expect(403);
    await me
      .post('/api/change-password-student', {
        student_id: 'office',
        old_password: 'Office-Admin-Pass-1',
        password: 'Brand-New-Secret-7',
      })
      .expect(200);
    await me.get('/api/students').expect(200);
    // The other session of the account ended; the new password signs in, the old does not.
    await admin.get('/api/students').expect(401);
    expect((await new ApiClient(t).loginAdmin('office', 'Office-Admin-Pass-1')).status).toBe(422);
    admin = await signedInAdmin(t, 'office', 'Brand-New-Secret-7');
  });
});
