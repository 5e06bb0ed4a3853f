// The AwsSolutions rule pack of cdk-nag over a synthesized tenant stack: zero findings left without an
// acknowledgement, each acknowledgement with its reason, and wildcards acknowledged one finding at a
// time, so a new one anywhere still fails.
import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { synthTenant, TEST_TENANT } from './synth.js';

const findingsOf = (scope: IConstruct) =>
  new AwsSolutionsChecks(undefined, { verbose: false })
    .validateScope(scope)
    .violations.map((v) => `${v.ruleName} (${v.severity}): ${v.violatingResources.map((r) => r.resourceLogicalId ?? '?').join(', ')}`);

/** Every acknowledgement recorded in the tree: rule id → reasons. */
function acknowledgements(scope: IConstruct): [string, string][] {
  return scope.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as Record<string, string>)),
    );
}

const ackIds = (construct: IConstruct): string[] =>
  construct.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as Record<string, string>).map((k) => k.replace(/^annotation::/i, '')));

/**
 * Every acknowledgement (construct path and rule id) that answers no finding: the pack is run with a
 * hook on its acknowledgement look-up that notes, for each finding an acknowledgement answered, the
 * construct that carried it.
 */
function unusedAcknowledgements(scope: IConstruct): string[] {
  const used = new Set<string>();
  class Recording extends AwsSolutionsChecks {
    constructor() {
      super(undefined, { verbose: false });
      const pack = this as unknown as { isAcknowledged(resource: IConstruct, ruleId: string): boolean };
      const original = pack.isAcknowledged.bind(pack);
      pack.isAcknowledged = (resource, ruleId) => {
        const acknowledged = original(resource, ruleId);
        for (let at: IConstruct | undefined = resource; acknowledged && at; at = at.node.scope) {
          if (ackIds(at).includes(ruleId)) {
            used.add(`${at.node.path} ${ruleId}`);
            break;
          }
        }
        return acknowledged;
      };
    }
  }
  new Recording().validateScope(scope);
  return scope.node
    .findAll()
    .flatMap((construct) => ackIds(construct).map((id) => `${construct.node.path} ${id}`))
    .filter((ack) => ack.includes('AwsSolutions') && !used.has(ack));
}

describe('cdk-nag AwsSolutions', () => {
  it('acknowledges only findings that exist: every acknowledgement answers a finding on the construct that carries it', () => {
    const { stack } = synthTenant();

    expect(unusedAcknowledgements(stack)).toEqual([]);
  });

  it('finds nothing unacknowledged in a tenant stack, errors and warnings alike', () => {
    const { stack } = synthTenant();

    expect(findingsOf(stack)).toEqual([]);
  });

  it("holds for a tenant in an account of its own, under AWS's keys: nothing unacknowledged, no acknowledgement left over", () => {
    const { stack } = synthTenant(TenantConfig.parse({ ...TEST_TENANT, dedicatedAccount: true }));

    expect(findingsOf(stack)).toEqual([]);
    expect(unusedAcknowledgements(stack)).toEqual([]);
  });

  it('carries a reason with every acknowledgement', () => {
    const { stack } = synthTenant();
    const acks = acknowledgements(stack).filter(([id]) => id.includes('AwsSolutions'));

    expect(acks.length).toBeGreaterThan(0);
    for (const [id, reason] of acks) expect(reason.length, id).toBeGreaterThan(30);
  });

  it('still reports a wildcard that nobody acknowledged, even on a function with acknowledged ones', () => {
    const { stack } = synthTenant();
    stack.agent.functions['runs-api'].addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: [stack.agent.state.table.tableArn] }));

    expect(findingsOf(stack).join('\n')).toContain('AwsSolutions-IAM5[Action::dynamodb:*]');
  });
});
