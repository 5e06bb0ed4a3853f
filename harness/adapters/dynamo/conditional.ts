// The one place that knows how DynamoDB reports a failed condition. Adapters turn it into a
// domain outcome (record already there, lost race) and never let the SDK error escape.
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Runs a conditional write; resolves false when its condition failed, rethrows anything else. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Drops the table's key attributes from an item before it is parsed as a domain record. */
export function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, ...rest } = item;
  return rest;
}
