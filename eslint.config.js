// ESLint (flat config): code rules and the boundaries between the parts of the repository. Formatting is
// Prettier's (npm run format:check); eslint-config-prettier turns off the rules that would disagree with it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/restricted-paths.js';

// The web client's layers, in the manner of bulletproof-react: app composes features; a feature uses the
// shared layers and itself; the shared layers use each other and shared/, never a feature or the app.
const WEB = './web/src';
const FEATURES = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_WEB_LAYERS = ['components', 'config', 'layouts', 'lib'].map((dir) => `${WEB}/${dir}`);

/** A feature imports no other feature: what two features share lives in a shared layer or shared/. */
const crossFeatureZones = FEATURES.map((feature) => ({
  target: `${WEB}/features/${feature}`,
  from: `${WEB}/features`,
  except: [`./${feature}`],
  message: 'A feature does not import another feature: compose them in web/src/app, or share the code.',
}));

// The server's layers, lowest first (docs/design.md §3, module map): a top-level folder of server/ imports only the
// folders before it, so no two folders import each other. The files at server/'s root (main, create-app, the app
// module) come after `app`; `ops` (the command-line tools) starts the app and comes last.
const SERVER_LAYERS = [
  // foundation: configuration, logging, the database connection and transactions, shared server helpers
  ['config', 'logging', 'database', 'common'],
  // platform services every feature may use
  ['audit', 'cache', 'pdf'],
  // the school's data: each folder owns its tables
  ['lookups', 'users', 'terms', 'students', 'guardian-links', 'school-year'],
  // services built on the data
  ['mail', 'files', 'auth'],
  // features: the routes of a part of the portal
  [
    'health',
    'registration-round',
    'documents',
    'term-reports',
    'guardians',
    'admin',
    'subject-access',
    'retention',
    'rollover',
    'web-client',
  ],
  // the top: entity registration, seeds and the app's composition, then the tools that start it
  ['app', '(root)', 'openapi', 'ops'],
].flat();
const SERVER_ROOT_FILES = readdirSync(new URL('server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
  .map((entry) => `./server/${entry.name}`);
// A root file is the target under its own name (.ts), and is imported by its compiled name (.js).
const serverPaths = (folder, ext = '.js') =>
  folder === '(root)' ? SERVER_ROOT_FILES.map((file) => file.replace(/\.ts$/, ext)) : [`./server/${folder}`];
const unlisted = readdirSync(new URL('server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SERVER_LAYERS.includes(entry.name))
  .map((entry) => entry.name);
if (unlisted.length > 0)
  throw new Error(`eslint.config.js: put server/${unlisted.join(', server/')} in SERVER_LAYERS.`);

/** A server folder imports only the folders below it in SERVER_LAYERS. */
const serverLayerZones = SERVER_LAYERS.slice(0, -1).map((folder, i) => ({
  target: serverPaths(folder, '.ts'),
  from: SERVER_LAYERS.slice(i + 1).flatMap((later) => serverPaths(later)),
  message: `${folder === '(root)' ? "server/'s root files" : `server/${folder}`} may import only the layers below.`,
}));

// server/auth's parts, lowest first (docs/design.md §3): a part imports only the parts before it; the files at
// auth/'s root (the module over the parts, the sign-in routes, the AuthGuard) are its top, imported by no part.
const AUTH_PARTS = ['sessions', 'sign-in', 'mfa', 'recovery'];
const AUTH_ROOT_FILES = readdirSync(new URL('server/auth', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
  .map((entry) => `./server/auth/${entry.name.replace(/\.ts$/, '.js')}`);
const authPartZones = AUTH_PARTS.map((part, i) => ({
  target: [`./server/auth/${part}`],
  from: [...AUTH_PARTS.slice(i + 1).map((later) => `./server/auth/${later}`), ...AUTH_ROOT_FILES],
  message: `server/auth/${part} may import only the parts of auth before it (${AUTH_PARTS.join(' <- ')}).`,
}));

// Outside the web client, and in shared/, these packages must not appear (shared/ is framework-free:
// the server and the browser both load it).
const FRAMEWORK_PACKAGES = [
  '@nestjs/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'antd',
  'antd/*',
  'class-validator',
  'class-transformer',
  'typeorm',
  'typeorm/*',
];

export default defineConfig(
  globalIgnores(['**/node_modules/', 'dist/', 'data/', 'coverage/', 'test-results/', 'bench/tmp/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries },
    rules: {
      // One import statement per module (a separate `import type` is allowed).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'boundaries/restricted-paths': [
        'error',
        {
          zones: [
            ...crossFeatureZones,
            ...serverLayerZones,
            ...authPartZones,
            {
              target: SHARED_WEB_LAYERS,
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared web code (components, config, layouts, lib) does not import features or the app.',
            },
            { target: `${WEB}/features`, from: `${WEB}/app`, message: 'A feature does not import the app.' },
            {
              target: './shared',
              from: ['./server', './web', './test', './bench'],
              message: 'shared/ stands alone: the server and the web client import it, not the other way.',
            },
            { target: './server', from: './web', message: 'The server does not import the web client.' },
            { target: './web', from: ['./server', './test'], message: 'The web client does not import the server.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FRAMEWORK_PACKAGES,
              message: 'shared/ is framework-free: the server and the browser both load it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: [
      'server/**',
      'test/**',
      'bench/**',
      'eslint/**',
      '*.config.{js,ts}',
      'web/vite.config.ts',
      'shared/**/*.spec.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/browser/**'],
    // The browser specs run code inside the page (page.evaluate), where the DOM's globals exist.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
  {
    // After eslint-config-prettier (which turns it off): the lines Prettier cannot break (long strings
    // and comments) are kept to its width too.
    rules: {
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
);
