// A Shopify order's two spellings: the GID the run rows and the store's API carry
// (`gid://shopify/Order/5512345678`) and the numeric id webhook payloads and admin links use.
// One place, so a store webhook, a shadow resolution and an admin link find the same order.

/** The order GID the agent's run rows carry for a Shopify order id (numeric in webhook payloads). */
export const orderGidOf = (orderId: string | number) => `gid://shopify/Order/${String(orderId)}`;

/** The numeric id of a Shopify order GID (`gid://shopify/Order/5512345678`), else null. */
export function numericOrderId(orderGid: string): string | null {
  return /^gid:\/\/shopify\/Order\/(\d+)$/.exec(orderGid)?.[1] ?? null;
}
