// The form a person settles a pending review with (a refund the agent sent and could not tell became
// of): the order's refunds since the run dispatched its own, read by the harness when the page opens,
// each with when it was made in the store's time zone, its amount and items, and a link to the order
// in Shopify admin. Only a refund that can be the run's (made since the dispatch, its items and amount)
// can be chosen; "no refund was made" is the other answer. A refund not listed can still be named by
// its id, and the harness checks it the same way. Pure; drawn on the run page and in the queues.
import type { ReviewCandidate, ReviewCandidates } from '#harness/harness.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { Formats } from '../../../shared/approvals/formats.js';
import { csrfField, escaped } from './layout.js';

/** What the page knows about a pending review: the harness's candidates, or why they could not be read. */
export interface ReviewContext {
  candidates: ReviewCandidates | null;
  /** Why the order could not be read just now (the form still works: the harness reads it again). */
  unavailable?: string;
  orderUrl: string | null;
  fmt: Formats;
}

const MISMATCH_WORDS: Record<NonNullable<ReviewCandidate['mismatch']>, string> = {
  other_amount: 'another amount than this run’s refund',
  other_lines: 'other items than this run’s refund',
};

const shortId = (id: string) => id.split('/').at(-1) ?? id;

function itemsInWords(lines: ReviewCandidate['lineItems']): string {
  return lines.map((l) => `${l.quantity} × ${l.title ?? shortId(l.lineItemId)}`).join(', ') || 'no items (an amount-only refund)';
}

function refundInWords(c: ReviewCandidate, fmt: Formats): string {
  return `Refund ${shortId(c.refundId)}, made ${fmt.dateTime(c.createdAt)}: ${fmt.money(c.amountMinor, c.currency)} for ${itemsInWords(c.lineItems)}`;
}

function orderLink(ctx: ReviewContext, orderNumber: string): string {
  return ctx.orderUrl ? ` <a href="${escaped(ctx.orderUrl)}">order #${escaped(orderNumber)} in Shopify admin</a>` : '';
}

/** The candidates as choices, and the refunds since the dispatch that cannot be the run's, said so. */
function choices(id: string, orderNumber: string, ctx: ReviewContext | undefined): string {
  if (!ctx?.candidates) {
    const why = ctx?.unavailable ?? 'The order’s refunds are not shown here.';
    return `<p class="muted">${escaped(why)} Look at the order in Shopify, then name the refund by its id or say that none was made.${ctx ? orderLink(ctx, orderNumber) : ''}</p>`;
  }
  const { candidates, fmt } = ctx;
  const { expected } = candidates;
  const intro = `<p>This run sent a refund of <strong>${escaped(fmt.money(expected.amountMinor, expected.currency))}</strong> for ${escaped(itemsInWords(expected.lineItems))} at ${escaped(fmt.dateTime(candidates.dispatchedAt))}. Refunds on the order since then:${orderLink(ctx, candidates.orderNumber)}</p>`;
  const radios = candidates.refunds
    .filter((c) => c.mismatch === null)
    .map((c, i) => {
      const rid = `cand-${id}-${i}`;
      return `<label for="${rid}"><span><input type="radio" id="${rid}" name="choice" value="refund:${escaped(c.refundId)}" required> ${escaped(refundInWords(c, fmt))}</span></label>`;
    });
  const others = candidates.refunds
    .filter((c) => c.mismatch !== null)
    .map((c) => `<li>${escaped(refundInWords(c, fmt))}: not this run’s (${escaped(MISMATCH_WORDS[c.mismatch!])})</li>`);
  const none = radios.length === 0 ? '<p>No refund with this run’s items and amount is on the order since then.</p>' : '';
  const older = candidates.olderCount
    ? `<p class="muted">${candidates.olderCount} earlier refund(s) on the order, made before this run tried to refund, are not shown: they cannot be this run’s.</p>`
    : '';
  return `${intro}${radios.join('\n')}${none}${others.length ? `<ul>${others.join('')}</ul>` : ''}${older}`;
}

/** The settle form of a run pending review; `back` says where the person returns after settling. */
export function reviewForm(run: Run, csrf: string, back: 'run' | 'queues', ctx?: ReviewContext): string {
  const id = escaped(run.runId);
  const orderNumber = run.order?.orderNumber ?? '';
  return `<form class="action review" method="post" action="/queues/reviews/${encodeURIComponent(run.runId)}" aria-label="Settle review of ${id}">${csrfField(csrf)}
<input type="hidden" name="back" value="${back}">
<fieldset><legend>Which refund on order #${escaped(orderNumber)} is this run’s?</legend>
${choices(id, orderNumber, ctx)}
<label for="other-${id}"><span><input type="radio" id="other-${id}" name="choice" value="other" required> A refund not listed, by its id</span></label>
<label for="refund-${id}">Refund id<input id="refund-${id}" name="refundId" maxlength="100" size="28" autocomplete="off"></label>
<label for="none-${id}"><span><input type="radio" id="none-${id}" name="choice" value="none" required> No refund was made</span></label>
</fieldset><button type="submit" class="primary">Settle</button></form>`;
}
