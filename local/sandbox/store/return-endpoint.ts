// The sandbox store's receive endpoint: POST /sandbox/returns/{return}/receive, the parcel arriving.
// Not part of Shopify's API: a test, the local runtime or a person says which units came back (a
// parcel that comes back short names fewer), and the store records them as Shopify would when the
// merchant receives them: dispositions on the return's reverse fulfillment order (RESTOCKED at the
// shop's location unless `disposition` says otherwise), and a reverse_fulfillment_orders/dispose
// webhook. A parcel that never arrives is simply never received. `{return}` is the return's name
// (#1001-R1 URL-encoded, or 1001-R1), its GID (URL-encoded) or its number.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readBody, sendJson } from '../http.js';
import type { ReturnDesk } from './return-desk.js';

export const RECEIVE_PATH = /^\/sandbox\/returns\/([^/]+)\/receive$/;

const Units = z.union([
  z.object({ lineItemId: z.string().min(1), quantity: z.number().int().positive() }).strict(),
  z.object({ sku: z.string().min(1), quantity: z.number().int().positive() }).strict(),
]);
export const ReceiveRequest = z.object({
  lineItems: z.array(Units).min(1).describe('The units that came back, by order line (GID or number) or SKU'),
  disposition: z.enum(['RESTOCKED', 'NOT_RESTOCKED', 'PROCESSING_REQUIRED']).optional().describe('What happens to them; default RESTOCKED'),
});

/** POST /sandbox/returns/{return}/receive: 200 with the return and its lines' received units, or 400/404/409/422 with the reason. */
export async function handleReceiveRequest(req: IncomingMessage, res: ServerResponse, ref: string, desk: ReturnDesk): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
  let body: z.infer<typeof ReceiveRequest>;
  try {
    const parsed = ReceiveRequest.safeParse(JSON.parse(await readBody(req, 100_000)));
    if (!parsed.success) return sendJson(res, 400, { error: z.prettifyError(parsed.error) });
    body = parsed.data;
  } catch {
    return sendJson(res, 400, { error: 'body is not JSON' });
  }
  const outcome = desk.receive(decodeURIComponent(ref), { lineItems: body.lineItems, disposition: body.disposition ?? 'RESTOCKED' });
  if (!outcome.ok) return sendJson(res, outcome.status, { error: outcome.error });
  const { ret } = outcome;
  const rfoLines = ret.reverseFulfillmentOrders.flatMap((rfo) => rfo.lineItems);
  sendJson(res, 200, {
    return: { id: ret.id, name: ret.name, status: ret.status },
    lineItems: ret.returnLineItems.map((l) => {
      const dispositions = rfoLines.filter((r) => r.returnLineItemId === l.id).flatMap((r) => r.dispositions);
      const received = dispositions.filter((d) => d.type !== 'MISSING').reduce((n, d) => n + d.quantity, 0);
      return { returnLineItemId: l.id, lineItemId: l.lineItemId, quantity: l.quantity, received, processed: l.processedQuantity };
    }),
  });
}
