import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest needs decorator metadata, which esbuild/oxc do not emit: swc compiles the TypeScript.
const swcPlugin = swc.vite({
  module: { type: 'es6' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
});

// The MariaDB suite may be left out only on a developer's machine, explicitly, never in CI.
const skipMariaDb = process.env.TEST_MARIADB === 'off';
if (skipMariaDb && process.env.CI)
  throw new Error('TEST_MARIADB=off is not allowed in CI: the MariaDB suite must run.');
if (skipMariaDb) console.warn('\n*** TEST_MARIADB=off: the API suite is NOT run against MariaDB in this run. ***\n');

export default defineConfig({
  plugins: [swcPlugin],
  test: {
    maxWorkers: 2,
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // A test that asserts nothing passes whatever the code does: every test must make an assertion.
    expect: { requireAssertions: true },
    // The built page renderer (dist/web-server, loaded by the server to draw a page's first view) is imported by Node
    // itself, as in production: through the test runner's transform its 6 MB office chunk took seconds to load on the
    // first office page of every test server, long enough to time a page out on a loaded machine.
    server: { deps: { external: [/\/dist\/web-server\//] } },
    projects: [
      // The web client's plain modules (no React, no DOM) are unit-tested in Node beside the server's.
      {
        extends: true as const,
        test: {
          name: 'unit',
          include: [
            'server/**/*.spec.ts',
            'shared/**/*.spec.ts',
            'web/src/**/*.spec.ts',
            'eslint/**/*.spec.js',
            'test/unit/**/*.spec.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true as const,
        test: { name: 'api-sqlite', include: ['test/api/**/*.e2e-spec.ts'], env: { TEST_DB: 'sqlite' } },
      },
      ...(skipMariaDb
        ? []
        : [
            {
              extends: true as const,
              test: { name: 'api-mariadb', include: ['test/api/**/*.e2e-spec.ts'], env: { TEST_DB: 'mariadb' } },
            },
          ]),
      // Browser tests drive a real Chromium on a shared 2-core machine: one retry absorbs a scheduling hiccup.
      // A retried test is still listed in the report, and a real defect fails both tries. A screen's change is
      // awaited up to 10 s (expect.poll's default is 1 s, which an antd dialog's closing animation can outlast when
      // both cores are busy); how fast pages are is measured by `npm run bench`, not here.
      {
        extends: true as const,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.browser-spec.ts'],
          testTimeout: 90_000,
          retry: 1,
          expect: { requireAssertions: true, poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
