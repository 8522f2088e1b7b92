import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { DEFAULT_TERMS_TEXT } from '../../shared/terms.js';
import { ApiClient } from '../fixtures/api-client.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

/*
 * Every route of the service, called by seven callers, with the status each must get. A route added
 * without a row here fails the first test: add a row saying what each caller must get.
 *
 * Callers: a visitor; a student acting on her own data ('own'); the same student naming another
 * student ('other'); a student who must still reset her password ('reset'); an administrator; a guardian
 * linked to the student ('guardian'); a guardian linked to another student only ('stranger').
 * In paths, :studentId becomes the student the call is about (hers for 'own' and 'reset', another
 * student's for 'other', hers again for the admin and both guardians). A refused call must leave the audit
 * trail as it was.
 */

type Caller = 'visitor' | 'own' | 'other' | 'reset' | 'admin' | 'guardian' | 'stranger';
const CALLERS: Caller[] = ['visitor', 'own', 'other', 'reset', 'admin', 'guardian', 'stranger'];

interface Ctx {
  /** the student the call is about */
  studentId: string;
  caller: Caller;
}

interface Row {
  /** 'METHOD /path/:param' exactly as the router has it */
  route: string;
  /** a concrete path; default: the route's path with :studentId/:userId filled in */
  path?: (c: Ctx) => string;
  body?: (c: Ctx) => object;
  expect: Record<Caller, number>;
}

const OWN = 'M100';
const OTHER = 'M200';
const RESET = 'M300';

const publicRead = (status = 200) => ({
  visitor: status,
  own: status,
  other: status,
  reset: status,
  admin: status,
  guardian: status,
  stranger: status,
});
const signedInRead = { visitor: 401, own: 200, other: 200, reset: 403, admin: 200, guardian: 200, stranger: 200 };
const ownerRead = { visitor: 401, own: 200, other: 403, reset: 403, admin: 200, guardian: 200, stranger: 403 };
/** A route about one student: her own, her linked guardian's and the office's, with `ok` past authorization. */
const owner = (ok: number, reset = 403) => ({ ...ownerRead, own: ok, reset, admin: ok, guardian: ok });
// Admin-only routes: `expect: adminOnly()`.
export const adminOnly = (ok = 200) => ({
  visitor: 401,
  own: 403,
  other: 403,
  reset: 403,
  admin: ok,
  guardian: 403,
  stranger: 403,
});

export const MATRIX: Row[] = [
  { route: 'GET /healthz', expect: publicRead() },
  { route: 'GET /readyz', expect: publicRead() },
  { route: 'GET /sanctum/csrf-cookie', expect: publicRead(204) },
  { route: 'GET /api/session', expect: publicRead() },
  // Wrong credentials for everyone (authorization lets anyone try; nobody is signed in or locked by it).
  {
    route: 'POST /api/login-student',
    body: (c) => ({ student_id: `nobody-${c.caller}`, password: 'wrong-password' }),
    expect: publicRead(422),
  },
  {
    route: 'POST /api/admin-login',
    body: (c) => ({ username: `nobody-${c.caller}`, password: 'wrong-password' }),
    expect: publicRead(422),
  },
  { route: 'GET /api/student-id-lookup', path: () => '/api/student-id-lookup?name=Mat%20Rix', expect: publicRead(404) },
  // A too-short password: 422 shows the caller got past authorization without changing anything.
  {
    route: 'POST /api/change-password-student',
    body: (c) => ({ student_id: c.studentId, password: 'short', old_password: 'whatever' }),
    // A guardian names her daughter here: never allowed (she changes only her own password).
    expect: { visitor: 401, own: 422, other: 403, reset: 422, admin: 403, guardian: 403, stranger: 403 },
  },
  { route: 'GET /api/user/:studentId', expect: owner(200, 200) },
  { route: 'GET /api/student-record/:studentId', expect: ownerRead },
  { route: 'GET /api/form-classes', expect: signedInRead },
  { route: 'GET /api/towns', expect: signedInRead },
  { route: 'GET /api/regional-corporation', expect: signedInRead },
  { route: 'GET /api/religions', expect: signedInRead },
  { route: 'GET /api/ethnic-groups', expect: signedInRead },
  { route: 'GET /api/houses', expect: signedInRead },
  { route: 'GET /api/school-year', expect: signedInRead },
  { route: 'GET /api/registration-status', expect: signedInRead },
  // The rollover, refused after authorization so that it never rolls the matrix's school over: a year far behind is
  // never the next one (409), and there is no rollover to undo (409).
  { route: 'GET /api/rollover', expect: adminOnly() },
  { route: 'POST /api/rollover/preview', body: () => ({ to_year: 1990 }), expect: adminOnly(409) },
  { route: 'POST /api/rollover', body: () => ({ to_year: 1990 }), expect: adminOnly(409) },
  { route: 'POST /api/rollover/undo', expect: adminOnly(409) },
  // Re-opens with no deadline, as it already is: the admin's call changes nothing to audit.
  { route: 'POST /api/registration-status', body: () => ({ open: 1, deadline: null }), expect: adminOnly() },
  // A partial save of a field the matrix students do not otherwise use.
  {
    route: 'POST /api/student',
    body: (c) => ({ id: c.studentId, middle_name: 'Matrix' }),
    expect: owner(200),
  },
  { route: 'GET /api/audit', path: (c) => `/api/audit?student_id=${c.studentId}`, expect: adminOnly() },
  // Administrator area. The reset names nobody, so no session of the callers is ended.
  { route: 'GET /api/students', expect: adminOnly() },
  // The Former Students page's variant (docs/product.md §12.3), and a status it does not take (422 past authorization).
  { route: 'GET /api/students', path: () => '/api/students?status=former', expect: adminOnly() },
  { route: 'GET /api/students', path: () => '/api/students?status=left', expect: adminOnly(422) },
  { route: 'POST /api/reset-password-student', body: () => ({ student_id: 'NOBODY1' }), expect: adminOnly(404) },
  { route: 'GET /api/registration-data-spreadsheet', expect: adminOnly() },
  { route: 'GET /api/student-registration/:formLevel', path: () => '/api/student-registration/1', expect: adminOnly() },
  { route: 'GET /api/admins', expect: adminOnly() },
  // A username too short to be valid: past authorization nothing is created.
  {
    route: 'POST /api/admins',
    body: () => ({ username: 'x', display_name: 'X', password: 'Matrix-New-Admin-1' }),
    expect: adminOnly(422),
  },
  // No file: past authorization nothing is imported.
  { route: 'POST /api/import-students', expect: adminOnly(422) },
  { route: 'GET /api/import-students/template', expect: adminOnly() },
  // Parents Contact: the PDF names a class the matrix has not, so no Chromium is started for it.
  { route: 'GET /api/parents-contact', expect: adminOnly() },
  { route: 'GET /api/parents-contact/spreadsheet', expect: adminOnly() },
  { route: 'GET /api/parents-contact/pdf', path: () => '/api/parents-contact/pdf?class_id=9Z', expect: adminOnly(404) },
  { route: 'GET /api/registration-progress', expect: adminOnly() },
  // Terms and conditions of registration. The admin sends the current text again: nothing changes or is audited.
  { route: 'GET /api/terms-and-conditions', expect: signedInRead },
  { route: 'POST /api/terms-and-conditions', body: () => ({ text: DEFAULT_TERMS_TEXT }), expect: adminOnly() },
  // Term reports. The matrix has no report data: past authorization, a card or posting is 404.
  { route: 'POST /api/import-term-reports', expect: adminOnly(422) },
  { route: 'GET /api/import-term-reports/template', expect: adminOnly() },
  { route: 'GET /api/term-reports-posted', expect: adminOnly() },
  { route: 'POST /api/post-term-reports', body: () => ({ year: 2025, term: 1, posted: 1 }), expect: adminOnly(404) },
  // Holds: the matrix has no report data, so past authorization a hold is 404; lifting none is 204.
  {
    route: 'POST /api/term-report-holds',
    body: (c) => ({ student_id: c.studentId, year: 2025, term: 1, reason: 'Matrix' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/term-report-holds/remove',
    body: (c) => ({ student_id: c.studentId, year: 2025, term: 1 }),
    expect: adminOnly(204),
  },
  { route: 'GET /api/report-card-terms/:userId', expect: ownerRead },
  {
    route: 'GET /api/report-card/:studentId/:year/:term',
    path: (c) => `/api/report-card/${c.studentId}/2025/1`,
    expect: owner(404),
  },
  {
    route: 'GET /api/class-report-cards/:year/:term/:classId',
    path: () => '/api/class-report-cards/2025/1/1A',
    expect: adminOnly(404),
  },
  // Documents. A JSON body carries no file: past authorization the upload is 422 and stores nothing.
  {
    route: 'POST /api/store-file',
    body: (c) => ({ id: c.studentId, file_type: 'birth_certificate' }),
    expect: owner(422),
  },
  { route: 'GET /api/get-files/:studentId', expect: ownerRead },
  { route: 'GET /api/student-data-files/:studentId', expect: ownerRead },
  {
    route: 'POST /api/student-data-files',
    body: (c) => ({ student_id: c.studentId }),
    expect: owner(200),
  },
  { route: 'GET /api/file-versions/:studentId', expect: adminOnly() },
  { route: 'GET /api/file-storage/:studentId', expect: adminOnly() },
  { route: 'GET /api/upload-limits', expect: signedInRead },
  // No file with this id: past authorization, 404 (test/api/files.e2e-spec.ts downloads real files).
  {
    route: 'GET /api/files/:fileId',
    path: () => '/api/files/999999',
    expect: { visitor: 401, own: 404, other: 404, reset: 403, admin: 404, guardian: 404, stranger: 404 },
  },
  { route: 'GET /api/registration-form/:studentId', expect: ownerRead },
  // The year's registration round: nobody in the matrix is returning (nothing to confirm: 409 past authorization); the
  // office reads her changes and marks them reviewed, but never confirms for her family.
  { route: 'GET /api/registration-round/:studentId', expect: ownerRead },
  {
    route: 'POST /api/registration-round/:studentId/confirm',
    body: () => ({ step: 'studentData' }),
    expect: { visitor: 401, own: 409, other: 403, reset: 403, admin: 403, guardian: 409, stranger: 403 },
  },
  {
    route: 'GET /api/students/:studentId/changes',
    path: (c) => `/api/students/${c.studentId}/changes?year=2000`,
    expect: adminOnly(),
  },
  { route: 'POST /api/students/:studentId/reviewed', body: () => ({ year: 2000 }), expect: adminOnly() },
  { route: 'GET /api/students/:studentId/archived-forms', expect: adminOnly() },
  { route: 'GET /api/registration-report/all', expect: adminOnly() },
  { route: 'GET /api/registration-report/:classId', path: () => '/api/registration-report/1A', expect: adminOnly() },
  // Two-step sign-in. Nobody here is half signed in, so the code step is 401 for everyone; the
  // admin's set-up only starts (the code is wrong, nothing turns on), and she has nothing to turn off or renew.
  { route: 'POST /api/admin-login/mfa', body: () => ({ code: '000000' }), expect: publicRead(401) },
  { route: 'GET /api/admin-mfa', expect: adminOnly() },
  { route: 'POST /api/admin-mfa/setup', expect: adminOnly() },
  { route: 'POST /api/admin-mfa/confirm', body: () => ({ code: '000000' }), expect: adminOnly(422) },
  { route: 'POST /api/admin-mfa/disable', body: () => ({ code: '000000' }), expect: adminOnly(409) },
  { route: 'POST /api/admin-mfa/recovery-codes', body: () => ({ code: '000000' }), expect: adminOnly(409) },
  // Data protection: the subject-access export of the student the call is about.
  { route: 'GET /api/students/:studentId/export', expect: adminOnly() },
  // E-mail. Asking for a link answers the same for anyone (nobody of these names exists, so nothing is
  // sent); an unknown token is 410 for everyone; the outbox and reminders are the office's.
  {
    route: 'POST /api/forgot-password',
    body: (c) => ({ student_id: `NOBODY-${c.caller}` }),
    expect: publicRead(202),
  },
  {
    route: 'POST /api/admin-forgot-password',
    body: (c) => ({ username: `nobody-${c.caller}` }),
    expect: publicRead(202),
  },
  { route: 'POST /api/reset-password/check', body: () => ({ token: 'x'.repeat(43) }), expect: publicRead(410) },
  {
    route: 'POST /api/reset-password',
    body: () => ({ token: 'x'.repeat(43), password: 'Matrix-New-Pass-1' }),
    expect: publicRead(410),
  },
  { route: 'GET /api/mail-settings', expect: adminOnly() },
  { route: 'GET /api/outbox', expect: adminOnly() },
  { route: 'GET /api/outbox/:id', path: () => '/api/outbox/999999', expect: adminOnly(404) },
  { route: 'POST /api/outbox/:id/resend', path: () => '/api/outbox/999999/resend', expect: adminOnly(404) },
  // A class nobody is in: past authorization nothing is queued.
  { route: 'POST /api/registration-reminders', body: () => ({ class_id: '9Z' }), expect: adminOnly() },
  { route: 'GET /api/admin-email', expect: adminOnly() },
  // An invalid address: past authorization nothing changes.
  {
    route: 'POST /api/admin-email',
    body: () => ({ email: 'not an address', password: 'whatever' }),
    expect: adminOnly(422),
  },
  // Retention (docs/product.md §12.4). An invalid number and a scrub naming nobody: past authorization nothing changes.
  { route: 'GET /api/retention', expect: adminOnly() },
  { route: 'POST /api/retention', body: () => ({ years_after_leaving: 51 }), expect: adminOnly(422) },
  { route: 'GET /api/retention/due', expect: adminOnly() },
  {
    route: 'POST /api/retention/scrub',
    body: () => ({ student_ids: [], password: 'whatever' }),
    expect: adminOnly(422),
  },
  // Guardian accounts. Wrong credentials for everyone; asking for a link answers the same for anyone;
  // unknown tokens are 410 for everyone. An invalid address: past authorization nothing is sent.
  {
    route: 'POST /api/guardian-login',
    body: (c) => ({ email: `nobody-${c.caller}@example.tt`, password: 'wrong-password' }),
    expect: publicRead(422),
  },
  {
    route: 'POST /api/guardian-forgot-password',
    body: (c) => ({ email: `nobody-${c.caller}@example.tt` }),
    expect: publicRead(202),
  },
  {
    route: 'GET /api/my-students',
    expect: { visitor: 401, own: 403, other: 403, reset: 403, admin: 403, guardian: 200, stranger: 200 },
  },
  {
    route: 'POST /api/guardians/invite',
    body: (c) => ({ student_id: c.studentId, email: 'not an address' }),
    expect: { visitor: 401, own: 422, other: 403, reset: 403, admin: 422, guardian: 403, stranger: 403 },
  },
  { route: 'POST /api/guardians/invitation', body: () => ({ token: 'x'.repeat(43) }), expect: publicRead(410) },
  {
    route: 'POST /api/guardians/accept',
    body: () => ({ token: 'x'.repeat(43), name: 'Matrix', password: 'Matrix-New-Pass-1' }),
    expect: publicRead(410),
  },
  // The office for anyone, the student for herself (who can see her registration); no guardian.
  {
    route: 'GET /api/students/:studentId/guardians',
    expect: { visitor: 401, own: 200, other: 403, reset: 403, admin: 200, guardian: 403, stranger: 403 },
  },
  // Nobody of this id is linked: past authorization nothing ends. The student ends her own links only.
  {
    route: 'POST /api/guardians/unlink',
    body: (c) => ({ student_id: c.studentId, guardian_id: 999999 }),
    expect: { visitor: 401, own: 404, other: 403, reset: 403, admin: 404, guardian: 403, stranger: 403 },
  },
  {
    route: 'POST /api/guardians/reset-link',
    body: (c) => ({ student_id: c.studentId, guardian_id: 999999 }),
    expect: adminOnly(404),
  },
  // Last: it ends the sessions.
  { route: 'POST /logout', expect: publicRead(204) },
];

let t: TestApp;
const clients = {} as Record<Caller, ApiClient>;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: OWN, password: 'Matrix-Own-Pass-1' });
  await createStudent(t, { id: OTHER, password: 'Matrix-Other-Pass-1' });
  await createStudent(t, { id: RESET, date_of_birth: '2012-12-12' });
  await createAdmin(t, 'matrix-admin', 'Matrix-Admin-Pass-1');
  clients.visitor = await new ApiClient(t).primeCsrf();
  clients.own = new ApiClient(t);
  expect((await clients.own.loginStudent(OWN, 'Matrix-Own-Pass-1')).status).toBe(200);
  clients.other = clients.own; // the same signed-in student, naming another student
  clients.reset = new ApiClient(t);
  expect((await clients.reset.loginStudent(RESET, '20121212')).status).toBe(200);
  clients.admin = new ApiClient(t);
  expect((await clients.admin.loginAdmin('matrix-admin', 'Matrix-Admin-Pass-1')).status).toBe(200);
  await createGuardian(t, { email: 'matrix.mum@example.tt', password: 'Matrix-Mum-Pass-1', students: [OWN] });
  await createGuardian(t, { email: 'matrix.other@example.tt', password: 'Matrix-Other-Mum-1', students: [OTHER] });
  clients.guardian = new ApiClient(t);
  expect((await clients.guardian.loginGuardian('matrix.mum@example.tt', 'Matrix-Mum-Pass-1')).status).toBe(200);
  clients.stranger = new ApiClient(t);
  expect((await clients.stranger.loginGuardian('matrix.other@example.tt', 'Matrix-Other-Mum-1')).status).toBe(200);
});
afterAll(() => t.close());

function routesOfTheApp(): string[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return express.router.stack
    .filter((l) => l.route)
    .flatMap((l) =>
      Object.keys(l.route!.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${l.route!.path}`),
    );
}

describe('authorization matrix', () => {
  it('has a row for every route of the service', () => {
    const rows = new Set(MATRIX.map((r) => r.route));
    const missing = routesOfTheApp().filter((r) => !rows.has(r));
    expect(missing, `routes without a row in test/api/authorization-matrix.e2e-spec.ts: ${missing.join(', ')}`).toEqual(
      [],
    );
    const stale = [...rows].filter((r) => !routesOfTheApp().includes(r));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.route}`, async () => {
      const [method, template] = row.route.split(' ');
      const got: Record<string, number> = {};
      // Seven callers' tries would pass the per-address sign-in limit (all come from 127.0.0.1): the matrix is
      // about who may call what, so each row starts from a clean count (sign-in-security.e2e-spec.ts tests it).
      await t.ds.query('DELETE FROM throttler_hits');
      for (const caller of CALLERS) {
        // The stranger names OWN, whom she is not linked to.
        const studentId = caller === 'other' ? OTHER : caller === 'reset' ? RESET : OWN;
        const ctx = { caller, studentId };
        const path = row.path ? row.path(ctx) : template.replace(/:(studentId|userId)\b/g, studentId);
        const before = await t.ds.getRepository(AuditEntry).count();
        const client = clients[caller];
        const res = method === 'GET' ? await client.get(path) : await client.post(path, row.body?.(ctx));
        got[caller] = res.status;
        if (res.status >= 400)
          expect(await t.ds.getRepository(AuditEntry).count(), `${caller} refused but audited a change`).toBe(before);
      }
      expect(got).toEqual(row.expect);
    });
  }
});

/*
 * Type confusion: every text or number field of every JSON route above, sent as something it is not (an
 * object, an array, a number, true, an object with its own toString or valueOf, an object with __proto__), is refused
 * with a 4xx, never a 5xx nor a success, whoever calls: a visitor on the public routes, the student naming herself,
 * her guardian and the office on the others. null is "empty" in this API (an optional field cleared, a required one
 * refused), so it must only never be a 5xx.
 */
const WRONG_TYPES: [string, unknown][] = [
  ['an object', { a: 1 }],
  ['an array', ['M100']],
  ['a number', 12345],
  ['true', true],
  ['null', null],
  ['an object with its own toString', { toString: 'x' }],
  ['an object with its own valueOf', { valueOf: 'x' }],
  ['an object with __proto__', JSON.parse('{"__proto__":{"role":"admin"}}')],
];

describe('no field of a JSON route takes a value of the wrong type', () => {
  for (const row of MATRIX.filter((r) => r.body && r.route !== 'POST /logout')) {
    it(row.route, async () => {
      const template = row.route.split(' ')[1];
      const callers: Caller[] = row.expect.visitor === 401 ? ['own', 'guardian', 'admin'] : ['visitor'];
      const wrong: string[] = [];
      for (const caller of callers.filter((c) => row.expect[c] !== 403)) {
        const ctx = { caller, studentId: OWN };
        const body = row.body!(ctx) as Record<string, unknown>;
        const path = row.path ? row.path(ctx) : template.replace(/:(studentId|userId)\b/g, OWN);
        for (const [field, good] of Object.entries(body)) {
          if (typeof good !== 'string' && typeof good !== 'number') continue;
          for (const [what, value] of WRONG_TYPES.filter(([, v]) => typeof v !== typeof good)) {
            await t.ds.query('DELETE FROM throttler_hits');
            const res = await clients[caller].post(path, { ...body, [field]: value });
            const refused = res.status >= 400 && res.status < 500;
            if (!(refused || (value === null && res.status < 500)))
              wrong.push(`${caller}: ${field} as ${what} → ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
