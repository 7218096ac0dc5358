import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir) : [];

/** Import direction (conventions §8): shared → features → app, and one feature never imports another. */
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/app/**', '**/app'], message: 'Features must not import from app/.' },
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`**/features/${other}/**`, `../../${other}/**`, `../../${other}`],
              message: `Feature "${feature}" must not import feature "${other}"; compose them in app/.`,
            })),
        ],
      },
    ],
  },
}));

/** Shared modules that import zod (the widget must stay small: it may import their types only). */
const zodModules = [
  'index',
  'apartments',
  'errors',
  'files',
  'projects',
  'public-view',
  'sun-study',
  'users',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/api/src/db/migrations/**',
      '**/*.config.{js,cjs,mjs}',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/widget/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // The widget is small and has no UI library: no zod (nor a shared module that imports it), no Mantine, no React emulation.
    files: ['apps/widget/src/**/*.{ts,tsx}'],
    ignores: ['apps/widget/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'The widget does not bundle zod.' },
            {
              name: '@planvy/shared',
              allowTypeImports: true,
              message: 'The package index pulls in zod: import a zod-free module by path (@planvy/shared/…).',
            },
          ],
          patterns: [
            { group: ['@mantine/*'], message: 'The widget has no UI library.' },
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'preact/compat'],
              message:
                "The widget is written against preact itself ('preact', 'preact/hooks', ./memo): React emulation costs 2 KB gzip.",
            },
            {
              group: zodModules.map((m) => `@planvy/shared/${m}`),
              allowTypeImports: true,
              message:
                'This shared module imports zod: import its types only, or move the code to a zod-free module.',
            },
          ],
        },
      ],
    },
  },
  {
    // The plan model is bundled by the widget: zod-free, and nothing outside plan/ (which may import zod).
    files: ['packages/shared/src/plan/**/*.ts'],
    ignores: ['packages/shared/src/plan/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The plan model is zod-free (the widget bundles it).' }],
          patterns: [
            {
              group: ['../*', '!../parse-id'],
              message:
                'The plan model imports only from plan/ and the zod-free parse-id (the widget bundles it).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/api/test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
