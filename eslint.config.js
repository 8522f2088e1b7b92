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
