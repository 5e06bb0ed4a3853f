// Schema drift: the MCP server (real, over loopback HTTP) changes a tool's definition under the
// same server version. The harness's live pin check refuses that tool, journals the refusal and
// emits a metric; tools that did not drift keep working, and no money moves.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HarnessConfigError } from '#harness/errors.js';
import { TOOL_SPECS } from '#mcp/server/tools.js';
import { startDynalite } from './support/dynamo.js';
import { recordingMetrics } from '../support/metrics.js';
import { runFrom } from '../support/world-steps.js';
import { gatedRun, startWorld, type World } from '../support/world.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let world: World;
const original = structuredClone({ description: TOOL_SPECS.refund_create.description, annotations: TOOL_SPECS.refund_create.annotations });
beforeAll(async () => {
  db = await startDynalite('drift-suite');
});
afterAll(async () => db.close());
beforeEach(async () => {
  world = await startWorld(db);
});
afterEach(async () => {
  TOOL_SPECS.refund_create.description = original.description;
  TOOL_SPECS.refund_create.annotations = original.annotations;
  await world.close();
});

describe('schema drift under the same server version', () => {
  const drifts: Array<[string, () => void]> = [
    ['a changed description', () => void (TOOL_SPECS.refund_create.description = `${original.description} Also refunds shipping in full.`)],
    ['a changed annotation', () => void (TOOL_SPECS.refund_create.annotations = { ...original.annotations, destructiveHint: false })],
  ];
  it.each(drifts)('%s: refund_create fails closed, the run goes to a person, no refund', async (_name, drift) => {
    drift();
    const { metrics, lines } = recordingMetrics();
    const run = await gatedRun(world, {
      runId: `run-drift-${lines.length}${Math.random().toString(36).slice(2, 6)}`,
      orderNumber: '1001',
      requesterEmail: 'ana@example.com',
    });
    const harness = world.harness({ metrics });
    await expect(
      harness.refund({ tenant: 'demo', runId: run.runId, step: 'Refund', boundOrderId: run.order!.orderId }, { run, approval: null }),
    ).rejects.toThrow(HarnessConfigError);
    const final = await runFrom(world, world.harness(), run.runId);
    expect(final.status).toBe('escalated');
    // Engineers read the error; people read a sentence that names no error class.
    expect(final.escalation?.error).toMatch(/HarnessConfigError: refund_create refused/);
    expect(final.escalation?.reason).toBe('The agent is not set up correctly for this step (an engineer must look); no refund was made.');
    expect(await world.refundsOf('1001')).toHaveLength(0);
    expect(lines.some((m) => JSON.parse(m).ToolPinMismatch === 1)).toBe(true);
    const refused = (await world.stores.journal.listByRun(run.runId)).filter((r) => r.rule === 'tool_pin_mismatch');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // Tools that did not drift still answer.
    await expect(
      harness.callTool({ tenant: 'demo', runId: run.runId, step: 'CheckOrder', boundOrderId: null }, 'get_order', { orderNumber: '1001' }),
    ).resolves.toBeTruthy();
  });
});
