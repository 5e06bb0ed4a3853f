// POST /api/runs/{runId}/cancel (optional JSON body {"reason": "..."}) → cancel use case →
// 202 {runId, state, ...}, 404 unknown run, 409 run already closed, a refund already in flight, or a return open.
import * as z from 'zod';
import { json, rawBody, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { createCancelRun, type CancelRunDeps } from './use-case.js';

const CancelBody = z.object({ reason: z.string().trim().min(1).max(300).optional() });

export function createCancelRunHandler(deps: CancelRunDeps) {
  const cancelRun = createCancelRun(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const runId = event.pathParameters?.runId ?? '';
    const text = rawBody(event);
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return json(400, { error: 'body must be JSON, e.g. {"reason": "customer withdrew"}' });
    }
    const parsed = CancelBody.safeParse(body);
    if (!parsed.success) return json(400, { error: 'reason must be a string of at most 300 characters' });
    const outcome = await cancelRun({ runId, by: 'api', reason: parsed.data.reason ?? 'cancelled through the API' });
    switch (outcome.kind) {
      case 'cancelled':
        return json(202, { runId: outcome.runId, status: 'cancelled', state: outcome.state, approvalClosed: outcome.approvalClosed, stopped: outcome.stopped });
      case 'already_closed':
        return json(409, { error: `run ${outcome.runId} is already ${outcome.status}` });
      case 'refund_in_flight':
        return json(409, {
          error: `a refund is in flight for run ${outcome.runId} (or already made): it is recorded on the run, which can no longer be cancelled`,
        });
      case 'refund_approved':
        return json(409, { error: `a lead approved the refund of run ${outcome.runId} before the cancel: it is being issued and can no longer be cancelled` });
      case 'return_open':
        return json(409, {
          error: `run ${outcome.runId} waits for return ${outcome.returnName}: it ends when the parcel comes back or its days run out, or a lead cancels the return in the console`,
        });
      case 'not_found':
        return json(404, { error: `run ${outcome.runId} not found` });
    }
  };
}
