// ESLint flat config: typescript-eslint's type-checked rules on the application code (apps/, libs/),
// Prettier owns the formatting (eslint-config-prettier, last, switches off the stylistic rules).
// `npm run lint` runs this and `prettier --check`; see .prettierrc.json for the format.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // test/, bench/ and scripts/ are checked by tsc and Prettier only (not part of this lint scope).
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', '.bench/**', 'test/**', 'bench/**', 'scripts/**'],
  },
  {
    // A disable comment that no longer suppresses anything must go, so exceptions stay visible and few.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // The root tsconfig.json covers apps/, libs/ (specs included), test/ and bench/.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Convention: a leading underscore marks a deliberately unused name — parameters that Nest or
      // a port's signature require (`@Query() _: ContentFlags` is there for its validation), array
      // holes — and `{ omitted: _x, ...rest }` / `{ _id, ...doc }` strip fields by destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // The ports (EventStore, ReadStore, …) are asynchronous; the embedded adapters (better-sqlite3)
      // and the in-memory test fakes implement them with synchronous bodies and keep `async` on
      // purpose, so a throw reaches the caller as a rejected promise like the network adapters'.
      // The bug this rule is after (a forgotten await) is caught by no-floating-promises and
      // no-misused-promises, which stay on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.spec.ts'],
    rules: {
      // Jest's asymmetric matchers (expect.any, expect.stringMatching, expect.objectContaining) are
      // typed `any`, so every matcher inside a `toEqual({ … })` literal would be reported.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Domain code stays readable in one screen: a longer function needs an
    // `// eslint-disable-next-line max-lines-per-function -- <why>` comment.
    files: ['libs/*/src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
);
