import { describe, expect, it } from 'vitest';
import { signInFormShell, signInShell } from './sign-in-shell.js';

describe('signInFormShell (the sign-in forms drawn before the client loads)', () => {
  it('draws the student form with the ids, names, labels and attributes of the client page', () => {
    const html = signInFormShell('/')!;
    expect(html).toContain('<form id="student-login" class="pf-form" novalidate data-sign-in-shell>');
    expect(html).toContain('<label for="student-login_student_id">Student ID</label>');
    expect(html).toContain('id="student-login_student_id" name="student_id" autocomplete="username"');
    expect(html).toContain('<label for="student-login_password">Password</label>');
    expect(html).toContain('placeholder="Enter password"');
    // What the first password is, under the box and tied to it, as the page draws it.
    expect(html).toContain('aria-describedby="student-login_password_help"');
    expect(html).toContain(
      '<div class="pf-help" id="student-login_password_help"><div class="pf-extra">First sign-in? Your password is ' +
        'your date of birth written yyyymmdd: 17 May 2012 is 20120517.</div></div>',
    );
    expect(signInFormShell('/admin')).not.toContain('pf-help');
    expect(html).toContain('type="password"');
    expect(html).toContain('aria-label="Show password"');
    expect(html).toContain('<a href="/forgot-password">Forgot your password?</a>');
    expect(html).toContain('href="/guardian-login">Parent or guardian? Sign in with your e-mail</a>');
    expect(html).not.toContain('Click here to get your student ID');
    expect(signInFormShell('/', { studentIdLookup: true })).toContain('Click here to get your student ID');
  });

  it('can never send the form: no submit button, no action, no inline script', () => {
    for (const path of ['/', '/admin', '/guardian-login']) {
      const html = signInFormShell(path)!;
      expect(html).not.toMatch(/type="submit"/);
      expect(html).not.toMatch(/<button(?![^>]*type="button")/);
      expect(html).not.toMatch(/action=|method=|<script|javascript:|on[a-z]+=/i);
      // Two text boxes: a form with more than one never submits on Enter (HTML's implicit submission).
      expect(html.match(/<input /g)).toHaveLength(2);
    }
  });

  it('draws the administrator and parent forms, and nothing for other paths', () => {
    expect(signInFormShell('/admin')).toContain('<label for="admin-login_username">Username</label>');
    expect(signInFormShell('/admin')).toContain('<a href="/">Student login</a>');
    const guardian = signInFormShell('/guardian-login')!;
    expect(guardian).toContain('<label for="guardian-login_email">E-mail address</label>');
    expect(guardian).toContain('inputmode="email"');
    expect(guardian).toContain('No account yet? Open the link in the invitation e-mail the school sent you.');
    expect(signInFormShell('/forgot-password')).toBeNull();
    expect(signInFormShell('/dashboard')).toBeNull();
  });

  it('puts the form in the card in place of the loading line, the school name escaped', () => {
    const html = signInShell(`<b>St. Mary's</b>`, 'Student Login', signInFormShell('/'));
    expect(html).toContain('<h1 class="plain-card-title">&lt;b&gt;St. Mary&#39;s&lt;/b&gt;</h1>');
    expect(html).not.toContain('Loading…');
    expect(html).toContain('data-sign-in-shell');
    expect(signInShell('School', 'Forgot your password?')).toContain('<p role="status">Loading…</p>');
  });
});
