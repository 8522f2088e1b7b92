// A local ESLint rule: which folders may import which. It does what eslint-plugin-import-x's
// `no-restricted-paths` does for this repository, by path arithmetic alone: every import between our own
// files is relative (no path aliases), so resolving the specifier against the importing file says which
// folder it reaches. (import-x itself depends on a native resolver, unrs-resolver, whose builds for other
// platforms the package registry used here does not carry, so `npm ci` could not install from the lock file.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const inside = (file, dir) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** @type {import('eslint').Rule.RuleModule} */
const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from some folders into others (zones: target, from, except, message).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    // Paths are relative to the repository's root; `except` is relative to each `from`.
    const zones = context.options[0].zones
      .map((zone) => ({
        targets: list(zone.target).map((p) => path.resolve(ROOT, p)),
        froms: list(zone.from).map((from) => ({
          dir: path.resolve(ROOT, from),
          except: list(zone.except).map((e) => path.resolve(ROOT, from, e)),
        })),
        message: zone.message ?? 'This import crosses a boundary of the repository.',
      }))
      .filter((zone) => zone.targets.some((target) => inside(file, target)));
    if (zones.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of zones) {
        const hit = zone.froms.find(
          (from) => inside(imported, from.dir) && !from.except.some((dir) => inside(imported, dir)),
        );
        if (hit) context.report({ node, message: `${zone.message} (${source})` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'restricted-paths': restrictedPaths } };
