// API Gateway → ingest use case → 202 {runId} or a clear 4xx. Nothing is enqueued on a 4xx.
// The body is handed over unread: the use case decodes it only once the signature headers are there.
import { header, json, webhookRefusal, rawBody, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { createIngest, type IngestDeps } from './ingest.js';

/**
 * The helpdesk a delivery is for: the {helpdesk} path parameter (local gateway, a catch-all route),
 * else the last segment of the path (the deployed API has one route per helpdesk, each with its own
 * throttle, so no parameter).
 */
export function helpdeskOf(event: HttpEvent): string {
  const fromParameter = event.pathParameters?.helpdesk;
  if (fromParameter) return fromParameter;
  const path = event.requestContext?.http?.path ?? event.rawPath ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

export function createWebhookIngestHandler(deps: IngestDeps) {
  const ingest = createIngest(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const outcome = await ingest({
      helpdesk: helpdeskOf(event),
      headers: (name) => header(event, name),
      body: () => rawBody(event),
    });
    switch (outcome.kind) {
      case 'accepted':
        return json(202, { runId: outcome.runId });
      case 'replayed':
        // 200, not 4xx: a helpdesk retrying a delivery we took must stop; nothing was enqueued again.
        return json(200, { duplicate: true, runId: outcome.runId });
      case 'unknown_helpdesk':
        return json(404, { error: `no webhook for helpdesk '${outcome.helpdesk.slice(0, 64)}'` });
      default:
        return webhookRefusal(outcome);
    }
  };
}
