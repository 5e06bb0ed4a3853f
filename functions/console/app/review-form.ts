// The pending-review form's two sides for the handler: what a posted form settles (a chosen candidate,
// a refund named by its id, or "no refund was made"; the older outcome/refundId fields still work),
// and what the page shows beside it (the harness's candidate refunds, read when the page opens, with
// the order's link and the store's formats). Rendering is in views/review.ts.
import * as z from 'zod';
import type { Run } from '#functions/shared/domain/run.js';
import type { Formats } from '../../shared/approvals/formats.js';
import type { RunLinks } from './links.js';
import type { ConsoleData } from './use-case.js';
import type { ReviewContext } from './views/review.js';

/** A refund id as Shopify shows it or as a person copies it from admin. Checked here, never by a browser pattern. */
const REFUND_ID = /^[A-Za-z0-9/:_.-]{1,100}$/;

const ReviewFormFields = z.object({
  csrf: z.string().max(200),
  choice: z.string().max(120).optional(),
  outcome: z.enum(['found', 'not_found']).optional(),
  refundId: z.string().trim().max(100).optional(),
  back: z.enum(['run', 'queues']).optional(),
});

export type ParsedReviewForm =
  | { ok: true; csrf: string; back: 'run' | 'queues' | undefined; settlement: { refundId: string } | { notFound: true } }
  | { ok: false; csrf: string | undefined; message: string };

/** What the person chose; a sentence saying what is missing when the form does not say. */
export function parseReviewForm(fields: Record<string, string>): ParsedReviewForm {
  const form = ReviewFormFields.safeParse(fields);
  if (!form.success) return { ok: false, csrf: undefined, message: 'Choose the refund that is this run’s, or say that no refund was made.' };
  const { csrf, choice, outcome, back } = form.data;
  const typed = form.data.refundId ?? '';
  const chosen = choice?.startsWith('refund:') ? choice.slice('refund:'.length) : null;
  if (choice === 'none' || (!choice && outcome === 'not_found')) return { ok: true, csrf, back, settlement: { notFound: true } };
  const refundId = chosen ?? (choice === 'other' || outcome === 'found' ? typed : '');
  if (!refundId) return { ok: false, csrf, message: 'Choose the refund that is this run’s, type the id of one not listed, or say that no refund was made.' };
  if (!REFUND_ID.test(refundId))
    return { ok: false, csrf, message: `“${refundId.slice(0, 40)}” is not a refund id: copy the number from the refund in Shopify admin.` };
  return { ok: true, csrf, back, settlement: { refundId } };
}

/** How many pending reviews in the queue show their candidates (each costs one read of its order). */
export const QUEUE_CANDIDATE_READS = 5;

export async function reviewContextFor(run: Run, data: ConsoleData, links: RunLinks, fmt: Formats): Promise<ReviewContext> {
  const read = await data.reviewCandidates(run);
  const orderUrl = links.order?.url ?? null;
  return 'candidates' in read ? { candidates: read.candidates, orderUrl, fmt } : { candidates: null, unavailable: read.unavailable, orderUrl, fmt };
}

/** The candidates of the first pending reviews in the queue, by run id; the rest are settled from their run page. */
export async function reviewContextsFor(runs: Run[], data: ConsoleData, linksOf: (run: Run) => RunLinks, fmt: Formats): Promise<Map<string, ReviewContext>> {
  const first = runs.slice(0, QUEUE_CANDIDATE_READS);
  const contexts = await Promise.all(first.map((run) => reviewContextFor(run, data, linksOf(run), fmt)));
  return new Map(first.map((run, i) => [run.runId, contexts[i]!]));
}
