// The console routes of the run actions (actions.ts), kept beside handler.ts so it stays a router:
//   GET  /runs/{runId}/cancel      the cancel's confirm step (operator)
//   POST /runs/{runId}/cancel      cancel, once confirmed (operator)
//   POST /runs/{runId}/rerun       re-run for the same ticket; with orderNumber, bound to the picked order (lead)
//   POST /runs/{runId}/hand-back   hand an escalated ticket back to the team with a note (lead)
//   POST /runs/{runId}/return      a return in flight: mark received, give more days, cancel (lead)
// Each POST passes the handler's `refused` (same origin, role, CSRF token) before its form is read.
import * as z from 'zod';
import type { Run } from '#functions/shared/domain/run.js';
import type { HttpEvent, HttpResult } from '../../shared/http.js';
import { NOTE_MAX, type RunActions } from './actions.js';
import { may, type ConsoleAction, type Operator } from './identity.js';
import { seeOther } from './security.js';
import type { ActionOutcome } from './use-case.js';
import { cancelConfirmContent, type RunActionsView } from './views/run-actions.js';

export interface ActionRouteTools {
  refused(event: HttpEvent, who: Operator, action: ConsoleAction, token: string | undefined): HttpResult | null;
  problem(who: Operator, status: number, title: string, message: string, back?: string): HttpResult;
  /** A console page (layout) with this title and content. */
  page(who: Operator, title: string, content: string): HttpResult;
  csrfFor(who: Operator): string;
  run(runId: string): Promise<Run | null>;
}

const RUN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const Back = z.enum(['run', 'queues']).optional();
const CancelForm = z.object({ csrf: z.string().max(200), confirm: z.literal('yes'), reason: z.string().max(200).optional() });
const RerunForm = z.object({
  csrf: z.string().max(200),
  orderNumber: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  back: Back,
});
const ReturnForm = z.discriminatedUnion('action', [
  z.object({ csrf: z.string().max(200), action: z.enum(['received', 'extend']) }),
  z.object({ csrf: z.string().max(200), action: z.literal('cancel'), confirm: z.literal('yes') }),
]);
const HandBackForm = z.object({ csrf: z.string().max(200), note: z.string().trim().min(1).max(NOTE_MAX), back: Back });

/** Which run actions this person's roles allow, with the form token: what the views draw forms for. */
export function actionsViewFor(who: Operator, csrf: string): RunActionsView {
  return { canCancel: may(who, 'cancelRun'), canRerun: may(who, 'rerun'), canHandBack: may(who, 'handBack'), canSettleReturn: may(who, 'settleReturn'), csrf };
}

const runPage = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

export function createActionRoutes(actions: RunActions, tools: ActionRouteTools) {
  const answer = (who: Operator, outcome: ActionOutcome, title: string, runId: string, back: 'run' | 'queues' | undefined): HttpResult => {
    if (!outcome.ok) return tools.problem(who, outcome.status, title, outcome.message, back === 'queues' ? '/queues' : runPage(runId));
    if (back === 'queues') return seeOther(`/queues?notice=${outcome.notice}`);
    return seeOther(`${runPage(outcome.runId ?? runId)}?notice=${outcome.notice}`);
  };

  return {
    /** The GET routes of the actions; null when the route is not one of them. */
    async get(event: HttpEvent, who: Operator): Promise<HttpResult | null> {
      if (event.routeKey !== 'GET /runs/{runId}/cancel') return null;
      const runId = event.pathParameters?.runId ?? '';
      if (!RUN_ID.test(runId)) return tools.problem(who, 400, 'Not a run id', 'That is not a run id.', '/');
      if (!may(who, 'cancelRun')) return tools.problem(who, 403, 'Not allowed', 'Your role may not cancel runs.', runPage(runId));
      const run = await tools.run(runId);
      if (!run) return tools.problem(who, 404, 'Run not found', `Run ${runId} was not found.`, '/');
      return tools.page(who, `Cancel run ${runId}?`, cancelConfirmContent(run, tools.csrfFor(who)));
    },

    /** The POST routes of the actions; null when the route is not one of them. */
    async post(event: HttpEvent, who: Operator, fields: Record<string, string>): Promise<HttpResult | null> {
      const runId = event.pathParameters?.runId ?? '';
      const token = typeof fields.csrf === 'string' ? fields.csrf : undefined;
      if (event.routeKey === 'POST /runs/{runId}/cancel') {
        const denied = tools.refused(event, who, 'cancelRun', token);
        if (denied) return denied;
        const form = CancelForm.safeParse(fields);
        if (!form.success || !RUN_ID.test(runId))
          return tools.problem(who, 400, 'Not confirmed', 'Confirm the cancel on its own page first.', RUN_ID.test(runId) ? runPage(runId) : '/');
        return answer(who, await actions.cancel(who, runId, form.data.reason?.trim() || null), 'Not cancelled', runId, 'run');
      }
      if (event.routeKey === 'POST /runs/{runId}/rerun') {
        const denied = tools.refused(event, who, 'rerun', token);
        if (denied) return denied;
        const form = RerunForm.safeParse(fields);
        if (!form.success || !RUN_ID.test(runId))
          return tools.problem(who, 400, 'Incomplete form', 'Pick one of the order numbers shown, or re-run without one.', '/queues');
        // Done: the new run's page, from the queue too (the notice says "this is the new run").
        const outcome = await actions.rerun(who, runId, form.data.orderNumber ?? null);
        return answer(who, outcome, 'Not re-run', runId, outcome.ok ? 'run' : form.data.back);
      }
      if (event.routeKey === 'POST /runs/{runId}/hand-back') {
        const denied = tools.refused(event, who, 'handBack', token);
        if (denied) return denied;
        const form = HandBackForm.safeParse(fields);
        if (!form.success || !RUN_ID.test(runId))
          return tools.problem(
            who,
            400,
            'Note needed',
            `Write a note for the team (at most ${NOTE_MAX} characters).`,
            RUN_ID.test(runId) ? runPage(runId) : '/queues',
          );
        return answer(who, await actions.handBack(who, runId, form.data.note), 'Not handed back', runId, form.data.back);
      }
      if (event.routeKey === 'POST /runs/{runId}/return') return returnRoute(actions, tools, answer, { event, who, fields, runId, token });
      return null;
    },
  };
}

/** POST /runs/{runId}/return: a lead's action on a return in flight (return-actions.ts). */
async function returnRoute(
  actions: RunActions,
  tools: ActionRouteTools,
  answer: (who: Operator, outcome: ActionOutcome, title: string, runId: string, back: 'run') => HttpResult,
  req: { event: HttpEvent; who: Operator; fields: Record<string, string>; runId: string; token: string | undefined },
): Promise<HttpResult> {
  const { who, runId } = req;
  const denied = tools.refused(req.event, who, 'settleReturn', req.token);
  if (denied) return denied;
  const form = ReturnForm.safeParse(req.fields);
  if (!form.success || !RUN_ID.test(runId)) {
    const back = RUN_ID.test(runId) ? runPage(runId) : '/';
    return tools.problem(who, 400, 'Not confirmed', 'Pick one of the return actions on the run page (a cancel needs its box ticked).', back);
  }
  return answer(who, await actions.onReturn(who, runId, form.data.action), 'Return not changed', runId, 'run');
}
