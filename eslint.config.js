import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// bulletproof-react's rule (STYLE.md): imports flow shared -> features -> app. A feature never
// imports another feature or the app; shared code (components, lib, hooks) imports neither.
const FEATURES_DIR = new URL('./apps/web/src/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const API_IMPORTS = ['**/apps/api/**', '@acervo/api', '@acervo/api/*'];
// Decision 033: what the browser loads builds schemas with zod/mini; classic zod's methods and its
// JSON Schema code cost the sign-in pages about 16 KB gzip.
const CLASSIC_ZOD = [
  { name: 'zod', message: "Use 'zod/mini' (decision 033): classic zod does not tree-shake." },
];
// Decision 034: texts with markup go through components/ui/rich-text.tsx; `<Trans>` and its parser
// cost every page about 4 KB gzip.
const WEB_PATHS = [
  ...CLASSIC_ZOD,
  {
    name: 'react-i18next',
    importNames: ['Trans'],
    message: 'Use RichText (components/ui/rich-text.tsx, decision 034) instead of <Trans>.',
  },
];
const featureBoundaries = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: WEB_PATHS,
        patterns: [
          { group: [...API_IMPORTS, '**/app/**'], message: 'Features do not import the app or the API.' },
          {
            // '../../users/...' from inside features/collections, or any path through features/users.
            regex: `^(\\.\\./)+(features/)?(${features.filter((o) => o !== feature).join('|')})(/|$)|/features/(${features.filter((o) => o !== feature).join('|')})(/|$)`,
            message:
              'A feature does not import another feature; move shared code to src/components or src/lib.',
          },
        ],
      },
    ],
  },
}));
const sharedBoundaries = {
  files: ['apps/web/src/{components,lib,hooks,locales,testing}/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { paths: WEB_PATHS, patterns: [...API_IMPORTS, '**/app/**', '**/features/**'] },
    ],
  },
};

// Issue 23: who sees what is decided in apps/api/src/modules/access only. Elsewhere, SQL does not
// test `private` (selecting it as a column is fine), nor read blocks, mutes or moderation state,
// and code does not branch on a guard's flags: it calls the access module's fragments and checks.
const VISIBILITY_SQL = String.raw`/\.private\b(?!\s*(,|AS\b|$))|\b(NOT|WHERE|AND|OR|WHEN)\s+private\b/i`;
const MODERATION_SQL = String.raw`/(?<!AS |')\b(user_blocks|user_mutes|suspended_at|hidden_reason)\b/`;
const GUARD_FLAG = 'MemberExpression[property.name=/^(private|blocked|withheld|suspended)$/]';
const visibilityRule = (message, selectors) => selectors.map((selector) => ({ selector, message }));
const accessOnly = (withModerationState) => [
  'error',
  ...visibilityRule('Visibility is decided by modules/access (access.sql.ts): call its fragments.', [
    `TemplateElement[value.raw=${VISIBILITY_SQL}]`,
    `Literal[value=${VISIBILITY_SQL}]`,
    ...[
      'IfStatement > ',
      "LogicalExpression[operator!='??'] > ",
      'UnaryExpression > ',
      'ConditionalExpression > ',
    ].map((parent) => `${parent}${GUARD_FLAG}`),
  ]),
  ...(withModerationState
    ? visibilityRule('Blocks, mutes and moderation are rules of modules/access: call its fragments.', [
        `TemplateElement[value.raw=${MODERATION_SQL}]`,
        `Literal[value=${MODERATION_SQL}]`,
      ])
    : []),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the API's code; shared shapes come from the contract.
      'no-restricted-imports': ['error', { paths: WEB_PATHS, patterns: API_IMPORTS }],
    },
  },
  {
    // No import cycle anywhere in the apps (issue 24): a cycle makes evaluation order matter, and
    // with it what a chunk holds.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/*/tsconfig.json', noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: CLASSIC_ZOD }] },
  },
  ...featureBoundaries,
  sharedBoundaries,
  {
    // The lowest password-hash cost is for the API suites (lib/passwords.ts), never the server.
    files: ['apps/api/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/passwords.ts'],
              importNames: ['useLowestHashCostForTests'],
              message: 'Only tests lower the hash cost.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/access/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.test-helpers.ts',
      'apps/api/src/db/seed/**',
      'apps/api/src/test/**',
    ],
    rules: { 'no-restricted-syntax': accessOnly(true) },
  },
  {
    // Where blocks, mutes and moderation decisions are recorded (not where they are applied).
    files: ['apps/api/src/modules/{block,moderation}/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': accessOnly(false) },
  },
);
