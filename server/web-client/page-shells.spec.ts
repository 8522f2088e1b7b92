import { describe, expect, it } from 'vitest';
import { pageShell, pageShellKind } from './page-shells.js';

describe('pageShellKind', () => {
  it.each([
    ['/dashboard', 'student'],
    ['/registration/student-data', 'student'],
    ['/registration/complete/', 'student'],
    ['/term-reports', 'student'],
    ['/my-students', 'student'],
    ['/admin/dashboard', 'admin'],
    ['/admin/students/20000001/registration/student-data', 'admin'],
    ['/logout', 'neutral'],
    ['/registration/nonsense', 'neutral'],
    ['/no-such-page', 'neutral'],
  ])('%s gets the %s frame', (path, kind) => {
    expect(pageShellKind(path)).toBe(kind);
  });
});

describe('pageShell', () => {
  const name = `St. Mary's <Girls> & "Co"`;

  it('draws the student top bar with the escaped school name, the school colours and a loading status', () => {
    const html = pageShell('/registration/student-data', name);
    expect(html).toContain('<span class="page-frame-title">St. Mary&#39;s &lt;Girls&gt; &amp; &quot;Co&quot;</span>');
    expect(html).not.toContain('<Girls>');
    expect(html).toContain('background:#1A237E;border-bottom:4px solid #fcd34c');
    expect(html).toContain('<p role="status" class="page-frame-status">Loading…</p>');
    expect(html).toContain('<span>Logout</span>');
    // A registration page has the side menu (its place on a desktop, its button on a phone).
    expect(html).toContain('class="page-frame-sider"');
    expect(html).toContain('class="page-frame-menu-button"');
  });

  it('leaves the side menu out on the dashboard, as the layout does', () => {
    const html = pageShell('/dashboard', 'School');
    expect(html).not.toContain('page-frame-sider');
    expect(html).not.toContain('page-frame-menu-button');
  });

  it("draws the admin shell's bar with 'Administrator' after the school name", () => {
    const html = pageShell('/admin/dashboard', 'School & Co');
    expect(html).toContain('<span class="page-frame-title">School &amp; Co · Administrator</span>');
    expect(html).toContain('page-frame-sider page-frame-sider-sticky');
  });

  it('draws a neutral frame for an unknown path, without the layout', () => {
    const html = pageShell('/no-such-page', 'School');
    expect(html).toContain('class="visitor-band"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('page-frame-bar');
  });

  it("draws the dashboard's heading with her name, escaped, when the server knows who is signed in", () => {
    const html = pageShell('/dashboard', 'School', { name: 'Amy <b>Baptiste</b>' });
    expect(html).toContain(
      '<div class="plain-page"><h1 class="plain-page-title">Welcome, Amy &lt;b&gt;Baptiste&lt;/b&gt;</h1>' +
        '<p role="status" class="page-frame-status">Loading…</p></div>',
    );
  });

  it("draws a student's dashboard cards as links that work before any script, their words escaped", () => {
    const html = pageShell('/dashboard', 'School', {
      name: 'Amy',
      dashboardCards: [
        { target: 'termReports', title: 'View Term Reports', lines: [], text: 'Read your <end> of term report cards.' },
        { target: 'familyData', title: 'Edit/View Registration', lines: ['1 of 6 steps complete.'], text: 'Go on.' },
      ],
    });
    expect(html).toContain(
      '<div class="dashboard-cards"><a class="dashboard-card" href="/term-reports" style="width: 500px;">' +
        '<h2 class="dashboard-card-title">View Term Reports</h2>' +
        '<span class="dashboard-card-text">Read your &lt;end&gt; of term report cards.</span></a>' +
        '<a class="dashboard-card" href="/registration/family-data" style="width: 500px;">',
    );
    expect(html).toContain('<span class="dashboard-card-line">1 of 6 steps complete.</span>Go on.</span></a></div>');
    // The cards are the page: no loading status under them.
    expect(html).not.toContain('Loading…');
  });

  it("draws a registration step's heading and, for a student, the line with her name and ID as the form does", () => {
    const student = { id: '20260002', first_name: 'Amy', last_name: "O'Neil", editable: true };
    const html = pageShell('/registration/family-data/', 'School', { name: "Amy O'Neil", student });
    expect(html).toContain('<h1 class="reg-form-title">Registration: Family Data</h1>');
    expect(html).toContain(
      '<p class="reg-form-subtitle">Amy O&#39;Neil · Student ID 20260002 · Each answer is saved as soon as you leave ' +
        'the field.</p>',
    );
    // Closed registration: no word of saving.
    const closed = pageShell('/registration/complete', 'School', {
      name: 'Amy',
      student: { ...student, editable: false },
    });
    expect(closed).toContain('Registration: Complete');
    expect(closed).toContain(`<p class="reg-form-subtitle">Amy O&#39;Neil · Student ID 20260002</p>`);
  });

  it("leaves out what the server cannot know: a guardian's chosen daughter, and other pages' contents", () => {
    const guardian = pageShell('/registration/student-data', 'School', { name: 'Deborah Baptiste' });
    expect(guardian).toContain('Registration: Student Data');
    expect(guardian).not.toContain('reg-form-subtitle');
    const reports = pageShell('/term-reports', 'School', { name: 'Amy' });
    expect(reports).not.toContain('Amy');
    expect(reports).toContain('Loading…');
  });

  it('has no script and nothing about who is signed in', () => {
    for (const path of ['/dashboard', '/term-reports', '/admin/dashboard', '/x']) {
      const html = pageShell(path, 'School');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/\son\w+=/i);
    }
    // The avatar's place is empty: no initials, no name.
    expect(pageShell('/dashboard', 'School')).toContain('<span aria-hidden="true" class="page-frame-avatar"></span>');
  });
});
