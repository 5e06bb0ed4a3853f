// API Gateway HTTP API (payload v2) helpers shared by the HTTP handlers.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export function json(statusCode: number, body: unknown): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

export function html(statusCode: number, body: string): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'",
      'x-frame-options': 'DENY',
    },
    body,
  };
}

/** The raw request body as the sender signed it. */
export function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Header lookup that ignores case (API Gateway lowercases; local callers may not). */
export function header(event: HttpEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Outcomes every webhook intake shares (helpdesks and the store), answered the same way. */
export type WebhookRefusal =
  { kind: 'ignored'; reason: string } | { kind: 'unauthorized'; reason: string } | { kind: 'invalid'; reason: string } | { kind: 'too_large' };

export function webhookRefusal(outcome: WebhookRefusal): HttpResult {
  switch (outcome.kind) {
    case 'ignored':
      return json(200, { ignored: outcome.reason });
    case 'unauthorized':
      return json(401, { error: 'unauthorized', reason: outcome.reason });
    case 'invalid':
      return json(400, { error: 'invalid', reason: outcome.reason });
    case 'too_large':
      return json(413, { error: 'payload too large' });
  }
}
