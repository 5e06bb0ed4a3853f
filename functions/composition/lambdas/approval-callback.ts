// Lambda entry for GET/POST /approvals/{approvalId}: the table, the signed links, Step Functions
// (answers the waiting execution) and the harness (get_order for "still refundable"); no model.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { workflowOf } from '../lambda/aws.js';
import { NO_MODELS } from '../lambda/harness.js';
import { toolsOf } from '../lambda/tools.js';
import { approverLinksOf, stepDepsOf } from '../lambda/steps.js';
import { createApprovalCallbackHandler } from '../../approvals/approval-callback/handler.js';
import { attachmentReaderOf } from '../lambda/attachments.js';

export const handler = observed(
  'approval-callback',
  composedHandler((base) => {
    const deps = stepDepsOf(base, { models: NO_MODELS, tools: toolsOf(base) });
    const attachments = attachmentReaderOf(base);
    return createApprovalCallbackHandler({ ...deps, workflow: workflowOf(base), links: approverLinksOf(deps.tenant), ...(attachments ? { attachments } : {}) });
  }),
);
