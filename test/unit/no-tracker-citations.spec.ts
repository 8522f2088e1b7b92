import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A comment says the thing itself: a number in a tracker outside the repository means nothing to whoever reads the
// code next (docs/design.md §4, Conventions). This finds such citations in the comments of every source file, in the
// documentation and in the build and CI files.

/** A citation by number: an issue or finding with its number, a "#N of the tracker", a ticket or "(#N)". */
export const CITATION = /\b(?:issues?|findings?|tickets?)\s*(?:no\.\s*)?#?\d+\b|#\d+ of the tracker|\(#\d+\)/i;

const ROOTS = ['server', 'web', 'shared', 'test', 'bench', 'eslint', 'docs', 'scripts', 'docker', '.ci'];
const ROOT_FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts', 'ormconfig.ts'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'tmp', 'data']);
const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    if (SKIP.has(name)) return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every comment of a TypeScript or JavaScript file, with its line, read by TypeScript's own scanner. */
function codeComments(file: string, text: string): { line: number; text: string }[] {
  const kind = /\.(?:js|mjs|cjs)$/.test(file)
    ? ts.ScriptKind.JS
    : file.endsWith('.tsx')
      ? ts.ScriptKind.TSX
      : undefined;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const found: { line: number; text: string }[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      found.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return found;
}

/** The comments of any other file: CSS's block comments, `#` lines of shell, Docker and YAML; Markdown is all prose. */
function otherComments(file: string, text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines.map((t, i) => ({ line: i + 1, text: t }));
  if (file.endsWith('.css')) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
      line: text.slice(0, m.index).split('\n').length,
      text: m[0],
    }));
  }
  return lines.flatMap((t, i) => {
    const at = t.indexOf('#');
    return at >= 0 ? [{ line: i + 1, text: t.slice(at) }] : [];
  });
}

function citations(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (!CITATION.test(text)) return []; // most files: nothing to read comment by comment
  const comments = CODE.test(file) ? codeComments(file, text) : otherComments(file, text);
  return comments.filter((c) => CITATION.test(c.text)).map((c) => `${file}:${c.line}: ${c.text.match(CITATION)?.[0]}`);
}

describe('no comment cites a tracker outside the repository', () => {
  it('recognises a citation and leaves ordinary words alone', () => {
    for (const cited of ['(issue 28)', 'Issue 15, findings 4 and 11', 'finding 9', 'issue #12', '#3 of the tracker']) {
      expect(CITATION.test(cited), cited).toBe(true);
    }
    for (const plain of ['this issue is known', 'issued 3 invitations', 'no findings', 'UTS #46', 'ext. #2', 'x45']) {
      expect(CITATION.test(plain), plain).toBe(false);
    }
  });

  it('finds none in the sources, the documentation and the build files', () => {
    const files = [...ROOTS.flatMap(filesUnder), ...ROOT_FILES].filter((f) =>
      /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|md|yml|yaml|sh)$|(?:^|\/)(?:Dockerfile|run|\.env\.example)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(citations)).toEqual([]);
  });
});
