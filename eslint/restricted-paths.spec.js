import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './restricted-paths.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const zones = [
  { target: 'web/src/features/auth', from: 'web/src/features', except: ['./auth'], message: 'No other feature.' },
  { target: 'shared', from: ['server', 'web'], message: 'shared/ stands alone.' },
];

/** The messages the rule reports for `code` written in the file `file` (relative to the repository). */
function report(file, code) {
  const linter = new Linter({ cwd: ROOT });
  const config = [
    { plugins: { boundaries }, rules: { 'boundaries/restricted-paths': ['error', { zones }] } },
    { languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
  ];
  return linter.verify(code, config, { filename: path.join(ROOT, file) }).map((m) => m.message);
}

describe('the restricted-paths lint rule', () => {
  it('refuses an import that reaches into another feature, in every import form', () => {
    const file = 'web/src/features/auth/components/page.js';
    expect(report(file, "import { a } from '../../admin/api/a.js';")).toEqual([
      'No other feature. (../../admin/api/a.js)',
    ]);
    expect(report(file, "export { b } from '../../admin/b.js';")).toHaveLength(1);
    expect(report(file, "export * from '../../term-reports/c.js';")).toHaveLength(1);
    expect(report(file, "const d = () => import('../../admin/d.js');")).toHaveLength(1);
  });

  it('allows the feature itself, shared layers, packages, and files outside the zone', () => {
    const file = 'web/src/features/auth/components/page.js';
    expect(report(file, "import { a } from '../api/a.js';")).toEqual([]);
    expect(report(file, "import { b } from '../../../lib/b.js';")).toEqual([]);
    expect(report(file, "import { c } from 'react';")).toEqual([]);
    expect(report('web/src/app/router.js', "import { d } from '../features/admin/d.js';")).toEqual([]);
  });

  it('keeps shared/ free of the server and the web client', () => {
    expect(report('shared/x.js', "import { a } from '../server/main.js';")).toEqual([
      'shared/ stands alone. (../server/main.js)',
    ]);
    expect(report('shared/x.js', "import { b } from './constants.js';")).toEqual([]);
  });
});
