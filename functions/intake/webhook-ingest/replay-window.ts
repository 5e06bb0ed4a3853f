// Help Scout and Intercom sign the body alone: nothing dates the delivery, so a captured body would be
// accepted again at any time. Their deliveries are bounded by a replay window instead: a body whose
// own signed date is older than the window (or too far ahead) is refused, and each signed id is
// remembered for longer than the window (an event-ledger row with a TTL, under a key space of its own)
// so the same id within it is refused too. Together a replay is refused at any time: within the
// window by its id, after it by its date.
import type { EventLedger } from '#functions/shared/stores/ports.js';

/** How old a body's own date may be. Under the ledger's retention (7 days), so an id is remembered for as long as its body is admitted. */
export const REPLAY_WINDOW_MS = 6 * 24 * 3600_000;
/** How far a body's date may be ahead of our clock (the helpdesk's clock and ours differ a little). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

/** The ledger's helpdesk name for remembered signed ids: apart from the run starter's event claims (EVENT#<tenant>#<helpdesk>#…). */
export const replaySpaceOf = (helpdesk: string) => `replay:${helpdesk}`;

export type ReplayVerdict = { ok: true } | { ok: false; kind: 'stale'; reason: string } | { ok: false; kind: 'replayed'; runId: string };

/** The date check alone: a body dated outside [now - window, now + skew] is refused; a body without a readable date passes only its id check. */
export function checkSignedDate(signedAt: string | undefined, now: Date): ReplayVerdict {
  if (signedAt === undefined) return { ok: true };
  const at = Date.parse(signedAt);
  if (Number.isNaN(at)) return { ok: false, kind: 'stale', reason: 'unreadable date in the signed body' };
  if (now.getTime() - at > REPLAY_WINDOW_MS) return { ok: false, kind: 'stale', reason: 'signed body older than the replay window' };
  if (at - now.getTime() > MAX_FUTURE_SKEW_MS) return { ok: false, kind: 'stale', reason: 'signed body dated in the future' };
  return { ok: true };
}

export function createReplayWindow(deps: { ledger: EventLedger }) {
  /**
   * Admits a delivery once: its signed date inside the window, and its signed id not seen before
   * (claimed now, with the run it maps to).
   */
  return async function admit(input: {
    tenant: string;
    helpdesk: string;
    signedId: string;
    signedAt?: string;
    runId: string;
    now: Date;
  }): Promise<ReplayVerdict> {
    const dated = checkSignedDate(input.signedAt, input.now);
    if (!dated.ok) return dated;
    const claim = await deps.ledger.claim({
      tenant: input.tenant,
      helpdesk: replaySpaceOf(input.helpdesk),
      eventId: input.signedId,
      runId: input.runId,
      at: input.now.toISOString(),
    });
    return claim.firstTime ? { ok: true } : { ok: false, kind: 'replayed', runId: claim.runId };
  };
}
