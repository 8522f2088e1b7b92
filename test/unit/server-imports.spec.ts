import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layers point one way (docs/design.md §3, module map): no two top-level folders of server/ import
// each other, and no file imports itself through others. Built from the relative imports of every non-spec .ts
// file (type-only imports included: a type shared both ways belongs in the lower layer too).
const SERVER = path.resolve('server');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The files under server/ each file imports (relative specifiers only; `.js` names the `.ts` source). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of serverFiles(SERVER)) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map((m) => path.resolve(path.dirname(file), m[1]).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(SERVER + path.sep));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A file's top-level folder under server/; the files at server/'s root are the app's top, '(root)'. */
const topFolder = (file: string): string => {
  const parts = path.relative(SERVER, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '(root)';
};
const rel = (file: string): string => path.relative(path.resolve('.'), file);

/** Strongly connected groups of more than one file (Tarjan), each a cycle of imports. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.map(rel).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server imports point one way', () => {
  const graph = importGraph();

  it('has no two top-level folders of server/ importing each other', () => {
    const edges = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const [from, to] = [topFolder(file), topFolder(target)];
        if (from === to) continue;
        const key = `${from} -> ${to}`;
        edges.set(key, [...(edges.get(key) ?? []), `${rel(file)} imports ${rel(target)}`]);
      }
    }
    const twoWay = [...edges.keys()]
      .map((key) => key.split(' -> '))
      .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
      .map(([from, to]) => [`${from} <-> ${to}`, ...edges.get(`${from} -> ${to}`)!, ...edges.get(`${to} -> ${from}`)!]);
    expect(twoWay).toEqual([]);
  });

  it('has the parts of server/auth import only the parts before them', () => {
    // Auth's parts, lowest first (docs/design.md §3): the files at auth/'s root (the sign-in routes, the AuthGuard,
    // the module over the parts) are the top. A part imports only parts before it, never one after it.
    const AUTH = path.join(SERVER, 'auth');
    const parts = ['sessions', 'sign-in', 'mfa', 'recovery', '(auth root)'];
    const partOf = (file: string): string => {
      const inside = path.relative(AUTH, file).split(path.sep);
      return inside.length > 1 ? inside[0] : '(auth root)';
    };
    const upward: string[] = [];
    const seen = new Set<string>();
    for (const [file, targets] of graph) {
      if (!file.startsWith(AUTH + path.sep)) continue;
      seen.add(partOf(file));
      for (const target of targets) {
        if (!target.startsWith(AUTH + path.sep)) continue;
        const [from, to] = [parts.indexOf(partOf(file)), parts.indexOf(partOf(target))];
        if (from === -1 || to === -1 || to > from) upward.push(`${rel(file)} imports ${rel(target)}`);
      }
    }
    expect([...seen].sort()).toEqual([...parts].sort());
    expect(upward).toEqual([]);
  });

  it('has no cycle of files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('sees the imports it checks', () => {
    // A guard on the scan itself: the app module imports the features, so a broken pattern cannot pass silently.
    const app = graph.get(path.join(SERVER, 'app.module.ts')) ?? [];
    expect(app.map(topFolder)).toContain('students');
  });
});
