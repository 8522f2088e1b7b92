import { describe, expect, it } from 'vitest';
import { sessionDataBlock } from './serve-web-client.js';
import { signInShell } from './sign-in-shell.js';

describe('signInShell', () => {
  it('escapes the school name and the subtitle', () => {
    const html = signInShell(`St. Mary's <Girls> & "Co"`, 'Student Login');
    expect(html).toContain('<h1 class="plain-card-title">St. Mary&#39;s &lt;Girls&gt; &amp; &quot;Co&quot;</h1>');
    expect(html).not.toContain('<Girls>');
  });

  it('sets the card width and keeps the classes the client draws with', () => {
    const html = signInShell('School', 'Administrator Login');
    expect(html).toContain('<section class="plain-card" style="width:400px">');
    for (const c of ['visitor-frame', 'visitor-band', 'visitor-main', 'plain-card-subtitle'])
      expect(html).toContain(`class="${c}"`);
  });
});

describe('sessionDataBlock', () => {
  it('hands over the answer as data that no text in it can end or turn into a script', () => {
    const session = {
      authenticated: true,
      user: {
        name: '</script><script>alert(1)</script>',
        initials: 'X',
        role: 'guardian' as const,
        email: '',
        students: [],
      },
      settings: {
        school_name: 'School <!-- & Co',
        student_id_lookup: false,
        pta_form_url: null,
        show_learning_challenges: false,
        session_idle_minutes: 30,
        time_zone: 'America/Port_of_Spain',
      },
    };
    const html = sessionDataBlock(session);
    expect(html.startsWith('<script type="application/json" id="portal-session">')).toBe(true);
    // One element: nothing inside can close it, open a comment or start a tag.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const json = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(session);
  });
});
