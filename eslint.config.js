// Lint: typescript-eslint's recommended rules on every TypeScript file of the project, functions of
// at most 60 lines, and the import rules between the project's parts (eslint.boundaries.js).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importRules from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Functions of at most 60 lines, blank lines and comments included, a nested function counted in
    // its parent's span too: every folder's code. A test file's describe block is a spec read top to
    // bottom (as are the store contract suites), so spec files are left out; test helpers are not.
    files: ['**/*.{ts,mts,js}'],
    ignores: ['test/**/*.test.ts', 'test/contract/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  ...importRules,
);
