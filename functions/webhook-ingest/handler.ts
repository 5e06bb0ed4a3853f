// API Gateway → ingest use case → 202 {runId} or a clear 4xx. Nothing is enqueued on a 4xx.
import { header, json, webhookRefusal, rawBody, type HttpEvent, type HttpResult } from '../shared/http.js';
import { createIngest, type IngestDeps } from './ingest.js';

export function createWebhookIngestHandler(deps: IngestDeps) {
  const ingest = createIngest(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const outcome = await ingest({
      helpdesk: event.pathParameters?.helpdesk ?? '',
      headers: (name) => header(event, name),
      body: rawBody(event),
    });
    switch (outcome.kind) {
      case 'accepted':
        return json(202, { runId: outcome.runId });
      case 'unknown_helpdesk':
        return json(404, { error: `no webhook for helpdesk '${outcome.helpdesk}'` });
      default:
        return webhookRefusal(outcome);
    }
  };
}
