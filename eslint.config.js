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
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code must not import features or app.' }] },
      ],
    },
  },
  ...featureBoundaries,
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
