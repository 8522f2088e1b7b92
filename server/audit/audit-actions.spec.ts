import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_SAVE_ACTIONS, SAVE_ACTIONS } from './audit-actions.js';

/** The server's source files that write audit entries (they use AuditService), with server/audit itself. */
function auditWriters(dir = 'server', out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations') auditWriters(path, out);
    } else if (path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      if (text.includes("audit.service.js'") || path.startsWith(join('server', 'audit'))) out.push(path);
    }
  }
  return out;
}

/**
 * Each action written: the strings of an `action:` (a ternary's too), and an object's lone dotted string values (a
 * table of actions, as the rollover's).
 */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const path of auditWriters())
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const expr = /\baction:\s*([^,}]+)/.exec(line)?.[1] ?? '';
      for (const m of expr.matchAll(/'([^'\\]+)'/g)) found.add(m[1]);
      const value = /^\s+[\w-]+: '([a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*)',?$/.exec(line);
      if (value) found.add(value[1]);
    }
  return found;
}

describe('audit actions: saves and the rest (docs/product.md §12.2)', () => {
  const saves = new Set<string>(SAVE_ACTIONS);
  const others = new Set<string>(NOT_SAVE_ACTIONS);

  it('classifies every action the server writes', () => {
    const written = writtenActions();
    // The scan finds what it should (a scan finding nothing would pass the next check).
    expect(written).toContain('read');
    expect(written).toContain('student.promoted');
    expect(written).toContain('file.uploaded');
    expect([...written].filter((a) => !saves.has(a) && !others.has(a))).toEqual([]);
  });

  it('lists no action twice, nor one the server no longer writes', () => {
    expect([...saves].filter((a) => others.has(a))).toEqual([]);
    const written = writtenActions();
    expect([...saves, ...others].filter((a) => !written.has(a))).toEqual([]);
  });
});
