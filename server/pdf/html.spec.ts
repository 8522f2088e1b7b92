import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw } from './html.js';

describe('html template helper', () => {
  it('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<td title="${name}">${name}</td>`.toString()).toBe(
      '<td title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</td>',
    );
  });

  it('nests templates and arrays without escaping twice, and prints nothing for null, undefined and false', () => {
    const rows = ['a<b', 'c&d'].map((v) => html`<li>${v}</li>`);
    expect(html`<ul>${rows}${null}${undefined}${false}${0}</ul>`.toString()).toBe(
      '<ul><li>a&lt;b</li><li>c&amp;d</li>0</ul>',
    );
  });

  it('keeps raw() markup as written', () => {
    expect(html`<style>${raw('p > b { color: red }')}</style>`.toString()).toBe('<style>p > b { color: red }</style>');
    expect(escapeHtml('`')).toBe('&#96;');
  });
});
