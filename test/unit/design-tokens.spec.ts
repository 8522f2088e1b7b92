import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tokensCss } from '../../shared/design-tokens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The one file allowed to write a colour: every stylesheet, component, PDF and e-mail reads its tokens. */
const TOKENS_SOURCE = 'shared/design-tokens.ts';
const SCANNED = ['web/src', 'shared', 'server'];
const EXTENSIONS = /\.(css|ts|tsx)$/;

// A hex colour of 3, 4, 6 or 8 digits not inside a word or an HTML character reference (&#123;), and the colour
// functions. A value in a comment counts too: a comment that names a colour goes stale when the token changes.
const HEX = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?)\(/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return EXTENSIONS.test(entry.name) && !/\.(e2e-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every literal colour outside the tokens source, as `file:line: text`. */
function literalColours(): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const name = relative(ROOT, join(ROOT, file)).split('\\').join('/');
    if (name === TOKENS_SOURCE) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const hits = [...(line.match(HEX) ?? []), ...(line.match(COLOUR_FUNCTION) ?? [])];
        if (hits.length > 0) found.push(`${name}:${i + 1}: ${hits.join(' ')}`);
      });
  }
  return found;
}

describe('design tokens', () => {
  it('no stylesheet, component, PDF or e-mail writes a colour of its own: they read the design tokens', () => {
    expect(literalColours()).toEqual([]);
  });

  it('every custom property a stylesheet or component reads is a token', () => {
    const files = sourceFiles('web/src').map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
    // The tokens, and the few properties a component measures and sets at run time (the top bar's height).
    const defined = new Set(
      [tokensCss(), ...files.map((f) => f.text)].flatMap((text) =>
        [...text.matchAll(/(--[\w-]+):|setProperty\('(--[\w-]+)'/g)].map((m) => m[1] ?? m[2]),
      ),
    );
    const unknown = files.flatMap(({ file, text }) =>
      [...text.matchAll(/var\((--[\w-]+)/g)]
        .map((m) => m[1])
        .filter((name) => !defined.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the scan finds a colour in each of its forms', () => {
    const sample = ['color: #abc;', "fill: '#aabbcc'", 'x #aabbccdd', 'rgb(1, 2, 3)', 'rgba(0,0,0,.5)', 'hsl(1 2% 3%)'];
    for (const line of sample) expect(`${line.match(HEX) ?? ''}${line.match(COLOUR_FUNCTION) ?? ''}`).not.toBe('');
    for (const line of ['&#123;', 'a#abc', '#abcde', 'url(#abc-def)'])
      expect(`${line.match(HEX) ?? ''}${line.match(COLOUR_FUNCTION) ?? ''}`).toBe('');
  });
});
