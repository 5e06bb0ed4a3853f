// The import rules as configuration (eslint-plugin-boundaries, run by `npm run lint`): which part of
// the project may import which. Arrows point down only:
//   local, eval, bench, test → infra → functions → harness → shared, and mcp-lambda → shared,
// so the two deployables (functions/ with the harness, mcp-lambda/) share only shared/ and never
// import each other. Inside harness/, the kernel imports none of its adapters (harness/adapters/:
// DynamoDB, in-memory, MCP, the model providers); the composition roots inject them. Inside
// functions/, each capability (intake, steps, approvals, run, shadow, console) imports only itself
// and functions/shared/: what one capability needs of another is a port, typed in functions/shared/
// (a cancel, a re-run, a decision, the dead letters, the shadow figures), that functions/composition/
// (the Lambda entries and the local app) fills with the other's use case. And no module
// of the deployed code imports itself, however indirectly (eslint-plugin-import-x no-cycle). Specifiers
// are resolved as TypeScript resolves them (package.json `#alias/` imports and relative paths alike).
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** functions/: the composition root, what the capabilities share, and the capabilities. */
const CAPABILITIES = ['intake', 'steps', 'approvals', 'run', 'shadow', 'console'];
const FUNCTIONS_PARTS = ['composition', 'shared', ...CAPABILITIES];
const FUNCTIONS = FUNCTIONS_PARTS.map((part) => `functions/${part}`);

/** Each part of the project, first match wins; a file that matches none fails (boundaries/no-unknown-files). */
const ELEMENTS = [
  { type: 'harness-adapters', pattern: 'harness/adapters/**', partialMatch: false },
  { type: 'harness', pattern: 'harness/**', partialMatch: false },
  { type: 'shared', pattern: 'shared/**', partialMatch: false },
  ...FUNCTIONS_PARTS.map((part) => ({ type: `functions/${part}`, pattern: `functions/${part}/**`, partialMatch: false })),
  { type: 'mcp-lambda', pattern: 'mcp-lambda/**', partialMatch: false },
  { type: 'infra', pattern: 'infra/**', partialMatch: false },
  { type: 'state-machine', pattern: 'state-machine/**', partialMatch: false },
  { type: 'local', pattern: 'local/**', partialMatch: false },
  { type: 'eval', pattern: 'eval/**', partialMatch: false },
  { type: 'bench', pattern: 'bench/**', partialMatch: false },
  { type: 'test', pattern: 'test/**', partialMatch: false },
];

const EVERYTHING_BELOW_THE_TOOLS = ['infra', ...FUNCTIONS, 'harness', 'harness-adapters', 'mcp-lambda', 'shared', 'state-machine'];
const THE_KERNEL_AND_BELOW = ['harness', 'harness-adapters', 'shared'];

/** Which parts each part may import (its own files always). */
export const ALLOWED = {
  shared: [],
  harness: ['shared'],
  'harness-adapters': ['harness', 'shared'],
  'mcp-lambda': ['shared'],
  'functions/shared': THE_KERNEL_AND_BELOW,
  ...Object.fromEntries(CAPABILITIES.map((capability) => [`functions/${capability}`, ['functions/shared', ...THE_KERNEL_AND_BELOW]])),
  'functions/composition': [...FUNCTIONS, ...THE_KERNEL_AND_BELOW],
  // infra deploys both: it names mcp-lambda's entry by path and imports only its configuration (below).
  infra: [...FUNCTIONS, ...THE_KERNEL_AND_BELOW],
  local: [...EVERYTHING_BELOW_THE_TOOLS, 'eval', 'bench'],
  eval: [...EVERYTHING_BELOW_THE_TOOLS, 'local', 'bench'],
  bench: [...EVERYTHING_BELOW_THE_TOOLS, 'local', 'eval'],
  test: [...EVERYTHING_BELOW_THE_TOOLS, 'local', 'eval', 'bench'],
};

export default [
  {
    files: ['**/*.ts', '**/*.mts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': ELEMENTS,
      'boundaries/root-path': import.meta.dirname,
      // The configuration files at the root (vitest's) may import anything.
      'boundaries/ignore': ['*.ts', '*.mts'],
      // Static and dynamic imports and re-exports, type-only ones included.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      // A file in a folder with no row above fails: a new top-level folder is placed in the graph first.
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(ALLOWED).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
            })),
            // The MCP server's configuration edge, whose secret fields infra files in the tenant's secrets (infra/lib/secrets.ts).
            { from: { element: { type: 'infra' } }, allow: { to: { element: { type: 'mcp-lambda' }, file: { path: 'mcp-lambda/config.ts' } } } },
          ],
        },
      ],
    },
  },
  {
    // No cycle of imports in the deployed code (the kernel, the app, what both deployables share, the
    // MCP server): a module is never, however indirectly, its own dependency.
    files: ['harness/**/*.ts', 'functions/**/*.ts', 'shared/**/*.ts', 'mcp-lambda/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
];
