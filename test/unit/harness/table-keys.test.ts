// The kernel knows its own items on the table and no more; the app's items, its indexes and the
// table's schema are the app's (issue 26: the app reached into the kernel for its run, event and
// shadow keys). The app's key set is the kernel's plus its own, so the two never disagree.
import { describe, expect, it } from 'vitest';
import * as kernelTable from '#harness/adapters/dynamo/table.js';
import * as appTable from '#functions/shared/stores/dynamo/table.js';

describe('the table keys', () => {
  it("gives the kernel its items only: journal in the run's partition, idempotency, approvals, budgets, locks", () => {
    expect(Object.keys(kernelTable.keys).sort()).toEqual(['approval', 'budgetDay', 'budgetRun', 'idempotency', 'journal', 'lock', 'run']);
    expect(Object.keys(kernelTable.TABLE_KEYS).sort()).toEqual(['partitionKey', 'sortKey', 'ttlAttribute']);
    expect('createTableInput' in kernelTable).toBe(false);
  });

  it("gives the app the kernel's keys and its own: events, shadow classes, the two indexes and the schema", () => {
    for (const [name, build] of Object.entries(kernelTable.keys)) expect(appTable.keys[name as keyof typeof appTable.keys], name).toBe(build);
    expect(appTable.keys.event('t', 'zendesk', 'e1')).toEqual({ pk: 'EVENT#t#zendesk#e1', sk: 'EVENT' });
    const schema = appTable.createTableInput('t');
    expect(schema.KeySchema.map((k) => k.AttributeName)).toEqual([kernelTable.TABLE_KEYS.partitionKey, kernelTable.TABLE_KEYS.sortKey]);
    expect(schema.GlobalSecondaryIndexes.map((index) => index.IndexName)).toEqual([appTable.TABLE_KEYS.byOrderIndex, appTable.TABLE_KEYS.byStatusIndex]);
  });
});
