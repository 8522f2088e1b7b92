import request from 'supertest';
import { ROUTES } from '../../shared/routes.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import {
  createGuardian,
  createSignInAccounts,
  createStudent,
  startTestApp,
  type TestApp,
} from '../fixtures/test-app.js';

// A student page opened directly (a bookmark, a link, a reload): the server draws it with the client's own components
// (the built renderer, dist/web-server) and the data its session may read (server/web-client/first-view-source.ts):
// the head of the page and her name for her own session, nothing of hers for anyone else.

let t: TestApp;

/** The page's HTML without the data it was drawn with. */
const drawn = (html: string) => html.replace(/<script type="application\/json"[^]*?<\/script>/, '');

beforeAll(async () => {
  t = await startTestApp();
  await createSignInAccounts(t);
});

afterAll(() => t.close());

describe("a student page's first view", () => {
  it("draws a student page's head for her own session only, and never lets that answer be stored", async () => {
    const server = t.app.getHttpServer();
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    // The head of the page as the client draws it: where she is, and whose record it is.
    const step = await student.agent.get('/registration/student-data').expect(200);
    expect(step.text).toContain('<h1 class="reg-form-title">Registration: Student Data</h1>');
    expect(step.text).toContain('<p class="reg-form-subtitle">Bea Charles · Student ID 1002');
    expect(step.headers['cache-control']).toBe('no-store');
    const dashboard = await student.agent.get('/dashboard').expect(200);
    expect(dashboard.text).toContain('<h1 class="plain-page-title">Welcome, Bea Charles</h1>');
    // With the data it was drawn with, the session's answer as GET /api/session gives it, for the client to adopt
    // the page with.
    const block = /<script type="application\/json" id="portal-first-view">(.*?)<\/script>/.exec(dashboard.text);
    const drawnWith = JSON.parse(block![1]) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const session = drawnWith.queries.find((q) => q.queryKey[0] === 'session');
    expect(session?.state.data).toEqual((await student.agent.get('/api/session').expect(200)).body);
    // The school year they are for (docs/product.md §12.1), drawn and handed over alike: the hydrated page agrees.
    const year = (await student.agent.get('/api/school-year').expect(200)).body as { year: number };
    expect(dashboard.text).toContain(`Registration ${schoolYearLabel(year.year)}`);
    expect(step.text).toContain(`<p class="reg-form-year">School year ${schoolYearLabel(year.year)}</p>`);
    expect(drawnWith.queries.find((q) => q.queryKey[0] === 'school-year')?.state.data).toEqual(year);
    // Another browser, an administrator, and her own browser once signed out get nothing of hers.
    const visitor = await request(server).get('/dashboard').expect(200);
    expect(visitor.text).not.toContain('Bea');
    expect(visitor.text).not.toContain('Welcome');
    expect(visitor.headers['cache-control']).toBe('no-store');
    const admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    expect((await admin.agent.get('/dashboard').expect(200)).text).not.toContain('Bea');
    expect((await student.post('/logout')).status).toBe(204);
    const after = await student.agent.get('/dashboard').expect(200);
    expect(after.text).not.toContain('Bea');
    expect(after.text).not.toContain('Welcome');
  });

  it('draws nothing of hers for an account that must change its password, or a guardian who must choose', async () => {
    // 1001 signs in with her date of birth, and must choose a password before any page.
    const alya = new ApiClient(t);
    expect((await alya.loginStudent('1001', '20130517')).status).toBe(200);
    const mustReset = await alya.agent.get('/dashboard').expect(200);
    // Her session's own answer comes with it (as GET /api/session gives her); the page draws nothing of her.
    expect(drawn(mustReset.text)).not.toContain('Alya');
    expect(mustReset.text).not.toContain('Welcome');
    // A guardian of two daughters chooses whose pages first (her tab knows which): nothing of either is drawn; a
    // guardian of one gets her daughter's pages.
    await createGuardian(t, {
      email: 'two@example.org',
      name: 'Dana Two',
      password: 'Guardian-Two-Pass-1',
      students: ['1002', '1003'],
    });
    await createGuardian(t, {
      email: 'one@example.org',
      name: 'Olive One',
      password: 'Guardian-One-Pass-1',
      students: ['1002'],
    });
    const two = await signedInGuardian(t, 'two@example.org', 'Guardian-Two-Pass-1');
    expect((await two.agent.get('/dashboard').expect(200)).text).not.toContain('Welcome');
    const one = await signedInGuardian(t, 'one@example.org', 'Guardian-One-Pass-1');
    const oneDashboard = (await one.agent.get('/dashboard').expect(200)).text;
    expect(oneDashboard).toContain('<h1 class="plain-page-title">Welcome, Olive One</h1>');
    expect(oneDashboard).toContain('dashboard-card');
    const twoDashboard = (await two.agent.get('/registration/family-data').expect(200)).text;
    expect(drawn(twoDashboard)).not.toContain('Bea');
    const oneStep = (await one.agent.get('/registration/family-data').expect(200)).text;
    expect(oneStep).toContain('Registration: Family Data');
    expect(oneStep).toContain('<p class="reg-form-subtitle">Bea Charles · Student ID 1002');
  });

  it('draws a name as it is, `$` included, and sets no cookie with a first view', async () => {
    await createStudent(t, { id: '1009', first_name: "Jo$'", last_name: '$&', password: 'Dollar-Name-Pass-1' });
    const jo = await signedInStudent(t, '1009', 'Dollar-Name-Pass-1');
    const step = await jo.agent.get('/registration/student-data').expect(200);
    expect(step.text).toContain('<p class="reg-form-subtitle">Jo$&#x27; $&amp; · Student ID 1009');
    expect(step.text).not.toContain('<!--app-shell-->');
    expect(step.headers['set-cookie']).toBeUndefined();
    expect(step.headers.vary).toContain('Cookie');
    const dashboard = await jo.agent.get('/dashboard').expect(200);
    expect(dashboard.text).toContain('Welcome, Jo$&#x27; $&amp;');
    expect(dashboard.headers['cache-control']).toBe('no-store');
    expect(dashboard.headers['set-cookie']).toBeUndefined();
  });

  it('draws the sign-in forms themselves, whose button the browser never uses to send them itself', async () => {
    const server = t.app.getHttpServer();
    const student = await request(server).get('/').expect(200);
    expect(student.text).toContain('<h1 class="plain-card-title">Test Girls High School</h1>');
    expect(student.text).toContain('Student Login');
    expect(student.text).toMatch(/<input[^>]*name="student_id"/);
    // A plain button until the page is live: no GET with her password in the address (web/src/lib/early-input.ts).
    expect(student.text).toMatch(/<button type="button" data-submit=""[^>]*>.*?LOGIN/);
    expect(student.text).not.toContain('type="submit"');
    const admin = await request(server).get('/admin').expect(200);
    expect(admin.text).toContain('Administrator Login');
    for (const path of ['/forgot-password', '/admin/forgot-password', '/guardian-forgot-password'])
      expect((await request(server).get(path).expect(200)).text).toContain('Forgot your password?');
  });

  it('sends every page in one piece, with no script but its data (the policy runs no inline script)', async () => {
    // React moves a large part of a page (e.g. Change Password, with its icons) into a hidden <div> that an inline
    // script shows, unless told not to (entry-server.tsx); the policy blocks that script, and the part stays hidden.
    const student = await signedInStudent(t, '1002', 'Sunny-Garden-42');
    const admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
    const visitor = request.agent(t.app.getHttpServer());
    const pages: [string, { get(path: string): request.Test }][] = [
      ...Object.values(ROUTES)
        .filter((path) => path !== ROUTES.logout && !path.startsWith('/admin'))
        .map((path) => [path, student.agent] as [string, typeof student.agent]),
      ...[ROUTES.studentLogin, ROUTES.adminLogin, ROUTES.guardianLogin, ROUTES.resetPassword].map(
        (path) => [path, visitor] as [string, typeof visitor],
      ),
      [ROUTES.adminDashboard, admin.agent],
    ];
    for (const [path, agent] of pages) {
      const html = (await agent.get(path).expect(200)).text;
      expect(html, path).toContain('<div id="root">');
      expect(html, path).not.toMatch(/<template|<div hidden|<!--\$\?-->/);
      expect(drawn(html).match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], path).toEqual([]);
    }
  });
});
