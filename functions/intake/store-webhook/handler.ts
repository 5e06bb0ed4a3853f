// API Gateway → store-webhook use case → 200 (recorded, duplicate or ignored), 401 on a bad
// signature, 400 on a malformed delivery, 413 when too large, 404 while no secret is set.
import { header, json, webhookRefusal, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { createStoreWebhook, type StoreWebhookDeps } from './use-case.js';

/**
 * The bytes Shopify signed: the HMAC is over the raw body, so it is never re-encoded as text first.
 * Read only when the use case asks (after the signature header is found), so unsigned junk costs no decoding.
 */
const rawBytes = (event: HttpEvent) => (): Buffer => (event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0));

export function createStoreWebhookHandler(deps: StoreWebhookDeps) {
  const receive = createStoreWebhook(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const outcome = await receive({ headers: (name) => header(event, name), body: rawBytes(event) });
    switch (outcome.kind) {
      case 'recorded':
        return json(200, { recorded: true, runIds: outcome.runIds });
      case 'duplicate':
        return json(200, { duplicate: true, runIds: outcome.runIds });
      case 'not_configured':
        return json(404, { error: 'no Shopify webhook secret configured' });
      default:
        return webhookRefusal(outcome);
    }
  };
}
