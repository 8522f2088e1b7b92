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
