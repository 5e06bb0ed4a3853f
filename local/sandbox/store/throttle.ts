// The sandbox store's model of Shopify's cost-based rate limit: each GraphQL document gets a
// requested cost worked out from its selections (objects 1 point, a connection 2 points plus `first`
// times its nodes, a mutation 10, capped at Shopify's 1,000 per query), and a leaky bucket per store
// that a request must have room for before it runs. A request the bucket lacks room for is refused
// with THROTTLED and not executed, as Shopify does; the bucket refills at its restore rate in real time
// (the adapter really waits for it). Off unless a test or the local runtime turns it on (faults.ts):
// then every answer's `extensions.cost` reports the bucket as it is.
import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';

export interface BucketSettings {
  /** The bucket's size in points (Shopify: by plan, e.g. 2,000 with 100 restored a second on Standard). */
  maximumAvailable: number;
  /** Points restored a second. */
  restoreRate: number;
  /** Points free when the bucket is set up (default: full). */
  currentlyAvailable?: number;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface CostBucket {
  /** Takes `requested` points when the bucket holds them (the request may run); otherwise takes nothing. */
  charge(requested: number): boolean;
  status(): ThrottleStatus;
}

export const MAX_QUERY_COST = 1000;
const MUTATION_COST = 10;

export function createCostBucket(settings: BucketSettings, now: () => number = () => performance.now()): CostBucket {
  let available = Math.min(settings.currentlyAvailable ?? settings.maximumAvailable, settings.maximumAvailable);
  let at = now();
  const level = () => {
    const t = now();
    available = Math.min(settings.maximumAvailable, available + (settings.restoreRate * (t - at)) / 1000);
    at = t;
    return available;
  };
  return {
    charge(requested) {
      if (level() < requested) return false;
      available -= requested;
      return true;
    },
    status: () => ({ maximumAvailable: settings.maximumAvailable, currentlyAvailable: Math.floor(level()), restoreRate: settings.restoreRate }),
  };
}

function pageSize(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (value?.kind === Kind.INT) return Number(value.value);
  if (value?.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === 'number' ? given : undefined;
  }
  return undefined;
}

function selectionCost(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>): number {
  let total = 0;
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) total += selectionCost(fragments.get(selection.name.value)?.selectionSet, fragments, variables);
    else if (selection.kind === Kind.INLINE_FRAGMENT) total += selectionCost(selection.selectionSet, fragments, variables);
    else if (selection.selectionSet) {
      const first = selection.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
      const size = pageSize(first?.value, variables);
      total +=
        size === undefined
          ? 1 + selectionCost(selection.selectionSet, fragments, variables)
          : 2 + size * nodeCost(selection.selectionSet, fragments, variables);
    }
  }
  return total;
}

/** One node of a connection: what its `nodes` or `edges { node }` select (pageInfo is free). */
function nodeCost(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
    if (selection.name.value === 'nodes' || selection.name.value === 'edges') total += selectionCost(selection.selectionSet, fragments, variables);
  }
  return Math.max(1, total);
}

/** What Shopify would put in `requestedQueryCost` for this document, near enough for the sandbox. */
export function requestedQueryCost(document: DocumentNode, variables: Record<string, unknown> = {}): number {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    total += definition.operation === 'mutation' ? MUTATION_COST : selectionCost(definition.selectionSet, fragments, variables);
  }
  return Math.max(1, Math.min(MAX_QUERY_COST, total));
}
