// The import rules are configuration (eslint.boundaries.js, run by `npm run lint`); these cases hold
// that they bite: ESLint, with the project's own configuration, lints a file placed in each part
// (the top-level folders, the kernel and its adapters, the capabilities of functions/) and reports
// an arrow that points up or sideways, resolved as TypeScript resolves it (package.json
// `#alias/` imports and relative paths, static, type-only and dynamic imports alike), and a cycle.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The findings of the rules named by `rule` (a prefix) for `code` as if it were the file at `path` (repo-relative; it need not exist). */
async function findings(path: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith(rule)).map((m) => m.message);
}

/** The boundary findings: an arrow the import rules do not allow. */
const arrows = (path: string, code: string) => findings(path, code, 'boundaries/');

describe('the import rules', () => {
  it('refuses the kernel any of its adapters, by alias, by relative path, type-only or dynamic', async () => {
    expect(await arrows('harness/models/new.ts', "export { createOfflineModelProvider } from '#harness/adapters/models/index.js';")).toHaveLength(1);
    expect(await arrows('harness/models/new.ts', "import type { ModelSetup } from '../adapters/models/select.js';\nexport type X = ModelSetup;")).toHaveLength(
      1,
    );
    expect(await arrows('harness/gateway/new.ts', "export const load = () => import('../adapters/dynamo/index.js');")).toHaveLength(1);
    expect(await arrows('harness/adapters/models/new.ts', "export { createModelGateway } from '#harness/models/index.js';")).toEqual([]);
  });

  it('keeps every arrow between the top-level parts pointing down', async () => {
    expect(await arrows('shared/new.ts', "export { createHarness } from '#harness/harness.js';")).toHaveLength(1);
    expect(await arrows('harness/new.ts', "export { handler } from '#functions/composition/lambdas/triage.js';")).toHaveLength(1);
    expect(await arrows('functions/composition/new.ts', "export { startLocalRuntime } from '#local/runtime.js';")).toHaveLength(1);
    expect(
      await arrows(
        'functions/shared/new.ts',
        "export { createHarness } from '#harness/harness.js';\nexport { selectModels } from '#harness/adapters/models/index.js';",
      ),
    ).toEqual([]);
  });

  it('keeps the two deployables apart: only infra reads the MCP server, and only its configuration', async () => {
    expect(await arrows('mcp-lambda/new.ts', "export { createHarness } from '#harness/harness.js';")).toHaveLength(1);
    expect(await arrows('functions/composition/new.ts', "export { handler } from '#mcp/index.js';")).toHaveLength(1);
    expect(await arrows('infra/lib/new.ts', "export { handler } from '#mcp/index.js';")).toHaveLength(1);
    expect(await arrows('infra/lib/new.ts', "export { MCP_SECRET_FIELDS } from '../../mcp-lambda/config.js';")).toEqual([]);
  });

  it('keeps each capability of functions/ to itself and functions/shared/: another capability is reached through a port', async () => {
    expect(await arrows('functions/steps/triage/new.ts', "export { createStartRun } from '#functions/intake/run-starter/start-run.js';")).toHaveLength(1);
    expect(await arrows('functions/shared/new.ts', "export { createCheckReply } from '../steps/check-reply/use-case.js';")).toHaveLength(1);
    expect(
      await arrows('functions/console/app/new.ts', "export { createRequestApproval } from '#functions/approvals/request-approval/use-case.js';"),
    ).toHaveLength(1);
    // The console decides approvals through the DecideAs port; only the composition root builds it from the approvals' use case.
    expect(
      await arrows('functions/console/app/new.ts', "export { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';"),
    ).toHaveLength(1);
    expect(await arrows('functions/console/app/new.ts', "export type { DecideAs } from '#functions/shared/approvals/decisions.js';")).toEqual([]);
    expect(
      await arrows('functions/composition/new.ts', "export { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';"),
    ).toEqual([]);
    // Type-only imports count: a capability may not lean on another's types either.
    expect(await arrows('functions/intake/run-starter/new.ts', "export type { CancelRunDeps } from '#functions/run/cancel-run/use-case.js';")).toHaveLength(1);
    expect(await arrows('functions/steps/triage/new.ts', "export { createCloseRun } from '#functions/shared/step/close-run.js';")).toEqual([]);
    expect(await arrows('functions/composition/new.ts', "export { createTriage } from '#functions/steps/triage/use-case.js';")).toEqual([]);
    expect(await arrows('functions/newcapability/new.ts', 'export const x = 1;')).toHaveLength(1);
  });

  it('fails a cycle of value imports, however long, and lets a type-only one be', async () => {
    // close-run.ts imports run-context.ts: run-context.ts importing it back closes the cycle.
    const closing = "import { createCloseRun } from './close-run.js';\nexport const x = createCloseRun;";
    expect(await findings('functions/shared/step/run-context.ts', closing, 'import-x/no-cycle')).toHaveLength(1);
    // Through the top-level map too: shared/money.ts is imported by the shadow rules, which import it.
    const through = "import { amountBand } from '#functions/shared/domain/shadow.js';\nexport const x = amountBand;";
    expect(await findings('shared/money.ts', through, 'import-x/no-cycle')).toHaveLength(1);
    // The shadow rules import run.ts's types only: erased at build, no cycle at run time.
    const typeOnly = "import { amountBand } from './shadow.js';\nexport const x = amountBand;";
    expect(await findings('functions/shared/domain/run.ts', typeOnly, 'import-x/no-cycle')).toEqual([]);
  });

  it('fails a file in a folder the rules do not place', async () => {
    expect(await arrows('scripts/new.ts', 'export const x = 1;')).toHaveLength(1);
  });
});
