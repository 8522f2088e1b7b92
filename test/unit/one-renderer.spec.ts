import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One renderer (docs/design.md §4): the server draws pages with the client's React components only. What serves them
// (server/web-client) writes no HTML of its own but the data block it hands the page's data over in.
const DIR = path.resolve('server/web-client');

describe('server/web-client draws no page of its own', () => {
  it('has no element but the data block, and no class, outside its tests', () => {
    const found: string[] = [];
    for (const name of readdirSync(DIR).filter((n) => n.endsWith('.ts') && !n.endsWith('.spec.ts'))) {
      readFileSync(path.join(DIR, name), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const elements = [...line.matchAll(/['"`>}]<([a-z][a-z0-9]*)[\s>/]/g)]
            .map((m) => m[1])
            .filter((t) => t !== 'script');
          if (elements.length > 0 || /class=/.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
