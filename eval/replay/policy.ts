// The policy `--from-journal` re-gates recorded runs under: the default policy, or the numbers a file
// names — a tenant file (infra/tenants/<tenant>.json, its `policy`) or a policy document of
// overrides — checked with the harness's own schema, unknown keys refused. `--policy <file>` is taken
// out of the arguments here, before eval/run/args.ts parses the rest.
import { readFileSync } from 'node:fs';
import { createPolicy, DEFAULT_POLICY, PolicyDocument, type Policy } from '#harness/policy/index.js';

export class PolicyFileError extends Error {
  override readonly name = 'PolicyFileError';
}

/** The flag's line of `npm run eval -- --help` (args.ts's USAGE lists the flags it parses). */
export const POLICY_USAGE = "  --policy <file>                       with --from-journal: re-gate under a tenant file's or a policy document's numbers";

const Overrides = PolicyDocument.partial().strict();

/** The policy a file names, over the default document. */
export function loadPolicy(path: string | null): Policy {
  if (path === null) return DEFAULT_POLICY;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new PolicyFileError(`--policy ${path}: ${(error as Error).message}`);
  }
  const o = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  // A tenant file carries its policy numbers under `policy`; a policy document is the numbers themselves.
  const numbers = o && 'tenant' in o ? (o.policy ?? {}) : value;
  const parsed = Overrides.safeParse(numbers);
  if (!parsed.success) {
    throw new PolicyFileError(`--policy ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return createPolicy(parsed.data);
}

/** `--policy <file>` (or `--policy=<file>`) out of the arguments, and the arguments without it. */
export function takePolicyFlag(argv: readonly string[]): { argv: string[]; policyPath: string | null } {
  const rest: string[] = [];
  let policyPath: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--policy' || arg.startsWith('--policy=')) {
      const value = arg === '--policy' ? argv[++i] : arg.slice('--policy='.length);
      if (!value || value.startsWith('--')) throw new PolicyFileError('--policy takes a file: a tenant file or a policy document (JSON)');
      policyPath = value;
    } else rest.push(arg);
  }
  return { argv: rest, policyPath };
}
