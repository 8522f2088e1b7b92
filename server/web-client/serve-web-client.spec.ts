import { describe, expect, it } from 'vitest';
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
