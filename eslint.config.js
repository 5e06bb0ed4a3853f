// Lint: typescript-eslint's recommended rules on every TypeScript file of the project.
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
  ...importRules,
);
