// close_return and cancel_return against Shopify: returnClose (an OPEN return whose parcel never came
// back; nothing is refunded) and returnCancel (a return on which nothing was done yet, without telling
// the customer). A return in another state is refused by Shopify (INVALID_STATE: conflict).
import type { ReturnStatusOutput } from '#shared/contracts/tools.js';
import { InvalidError } from '#shared/contracts/errors.js';
import type { GraphqlClient } from './client.js';
import { checkReturnId } from './ids.js';
import { returnRefusal, type ReturnUserError } from './return-errors.js';
import { statusOf } from './return-mapping.js';
import { RETURN_CANCEL, RETURN_CLOSE } from './return-queries.js';

type StatusPayload = { return: { id: string; status: string } | null; userErrors: ReturnUserError[] } | null;

function statusOutput(action: string, returnId: string, payload: StatusPayload): ReturnStatusOutput {
  if (!payload) throw new InvalidError(`Shopify returned no payload to ${action} return ${returnId}`);
  if (payload.userErrors.length > 0) throw returnRefusal(`${action} return ${returnId}`, payload.userErrors);
  if (!payload.return) throw new InvalidError(`Shopify returned neither a return nor an error to ${action} return ${returnId}`);
  return { returnId: payload.return.id, status: statusOf(payload.return.status) };
}

export async function closeReturn(graphql: GraphqlClient, returnId: string): Promise<ReturnStatusOutput> {
  checkReturnId(returnId);
  const data = await graphql.request<{ returnClose: StatusPayload }>(RETURN_CLOSE, { id: returnId });
  return statusOutput('close', returnId, data.returnClose);
}

export async function cancelReturn(graphql: GraphqlClient, returnId: string): Promise<ReturnStatusOutput> {
  checkReturnId(returnId);
  const data = await graphql.request<{ returnCancel: StatusPayload }>(RETURN_CANCEL, { id: returnId });
  return statusOutput('cancel', returnId, data.returnCancel);
}
