// Lint: typescript-eslint's recommended rules, React hooks, no import cycles, and the import
// boundaries of docs/architecture.md#boundaries-enforced-by-lint, enforced here, not by hope.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** A feature may use components/, lib/ and contracts, never another feature or the app shell. */
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'Features never import another feature: compose them in src/app.',
}));

/** Folders the rest of the API uses through their index.ts only. */
const enteredThroughIndex = [
  {
    folder: 'apps/api/src/modules/organizations/directory',
    message: 'Use the directory engine through directory/index.ts only.',
  },
  {
    folder: 'apps/api/src/pages/keeping',
    message: 'Use page keeping through pages/keeping/index.ts only.',
  },
];
const indexOnly = ({ folder, message }) => ({
  target: './apps/api/src',
  from: `./${folder}`,
  except: ['./index.ts'],
  message,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: [
            'packages/contracts/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}', '*.config.ts', 'apps/*/*.config.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: `./${featuresDir}`,
              from: './apps/web/src/app',
              message: 'Features never import the app shell.',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'UI primitives know no features.',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/app',
              message: 'UI primitives know no app shell.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'lib/ knows no features.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/app',
              message: 'lib/ knows no app shell.',
            },
            {
              target: './apps/web/src',
              from: './apps/api',
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./)', message: 'Contracts import zod only.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts.' },
      ],
    },
  },
  // The folders entered through their index.ts only (each one's README.md): nothing outside a
  // folder imports its other files; inside, it may use the others' index.ts.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: enteredThroughIndex.map(({ folder }) => `${folder}/**`),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: enteredThroughIndex.map(indexOnly) }],
    },
  },
  ...enteredThroughIndex.map((inside) => ({
    files: [`${inside.folder}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: enteredThroughIndex.filter((other) => other !== inside).map(indexOnly) },
      ],
    },
  })),
  {
    files: ['apps/api/src/modules/*/repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(service|routes)(\\.ts)?$',
              message: 'Repositories only query: they never reach up to services or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'routes(\\.ts)?$', message: 'Services never import routes.' }] },
      ],
    },
  },
  // Small files and functions (docs/architecture.md#boundaries-enforced-by-lint): a file that grows
  // past 400 lines or a function past 150, blank lines and comments aside, is split by use case.
  // Tests, their support, seed data and migrations are data-heavy and exempt.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'apps/*/test/**',
      '**/*.test.{ts,tsx,mjs}',
      'e2e/**',
      'apps/api/src/db/seed/**',
      'apps/api/drizzle/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
