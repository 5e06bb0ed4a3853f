import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] }, 'import-x/extensions': ['.ts', '.mts', '.js'] },
    rules: { 'import-x/no-cycle': ['error', {}] } },
];
