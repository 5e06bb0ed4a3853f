// Shopify's global ids, as the sandbox store makes them: gid://shopify/<Type>/<id>. One helper, so
// an order's lines, duties, shipping lines and refunds are named the same way wherever they are made.
export const gid = (type: string, id: string | number): string => `gid://shopify/${type}/${id}`;
