// What a helpdesk normalizer answers: one TicketEvent, an event that is acknowledged but starts
// nothing (agent replies, status changes we do not act on), or a body that is not the expected shape.
import type { TicketEvent } from '#harness/domain/types.js';

export type NormalizeResult =
  | { ok: true; event: TicketEvent }
  | { ok: false; reason: string }
  | { ok: 'ignored'; reason: string };

export interface NormalizeContext {
  tenant: string;
  receivedAt: string;
  /** Header lookup, for helpdesks that put the event name in a header (Help Scout). */
  header?: (name: string) => string | undefined;
}

/** The longest customer text kept on a ticket event (the webhook body is capped at 256 KiB anyway). */
export const MAX_BODY_CHARS = 20_000;
