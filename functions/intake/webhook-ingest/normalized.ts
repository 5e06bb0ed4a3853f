// What a helpdesk normalizer answers: one TicketEvent, an event that is acknowledged but starts
// nothing (agent replies, status changes we do not act on), or a body that is not the expected shape.
// Also the caps every text field is cut to as it is read (zod fields below), so nothing after the
// intake — triage, the order agent, grounding, the run row — ever sees more than these lengths.
import * as z from 'zod';
import type { TicketEvent } from '#functions/shared/domain/run.js';
import { keepAttachments, type RawAttachment } from '#functions/shared/domain/attachments.js';

export type NormalizeResult =
  | {
      ok: true;
      event: TicketEvent;
      /**
       * The body's own date (ISO), for helpdesks whose deliveries carry no signed timestamp: a body
       * older than the replay window is refused (replay-window.ts). Absent where the timestamp is signed.
       */
      signedAt?: string;
    }
  | { ok: false; reason: string }
  | { ok: 'ignored'; reason: string };

export interface NormalizeContext {
  tenant: string;
  receivedAt: string;
  /** Header lookup, for helpdesks that put the event name in a header (Help Scout). */
  header?: (name: string) => string | undefined;
}

/** The longest subject kept on a ticket event. */
export const MAX_SUBJECT_CHARS = 1_000;
/** The longest customer text kept on a ticket event (the webhook body is capped at 256 KiB anyway). */
export const MAX_BODY_CHARS = 20_000;
/** HTML is cut at this length before it is reduced to text (markup takes room the text does not). */
export const MAX_HTML_CHARS = 4 * MAX_BODY_CHARS;
/** RFC 5321's longest address; a longer one is no address, so it is dropped rather than cut. */
export const MAX_EMAIL_CHARS = 254;
/** Helpdesk ids, timestamps and event names: far longer than any helpdesk sends; a longer one is refused. */
export const MAX_ID_CHARS = 128;
/** Appended to a text that was cut, so a reader (person or model) knows there was more. */
export const TRUNCATED_NOTE = '\n[truncated]';

/** `text` cut to `max` characters (never inside a surrogate pair) with the note, or unchanged when it fits. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end) + TRUNCATED_NOTE;
}

/** Text fields of helpdesk payloads, cut as they are parsed: before any other code reads them. */
export const SubjectText = z.string().transform((text) => clipText(text, MAX_SUBJECT_CHARS));
export const BodyText = z.string().transform((text) => clipText(text, MAX_BODY_CHARS));
export const HtmlText = z.string().transform((text) => clipText(text, MAX_HTML_CHARS));
export const EmailText = z.string().transform((text) => (text.length > MAX_EMAIL_CHARS ? null : text));
export const ShortText = z.string().max(MAX_ID_CHARS);

/** The event as handed on: subject and body within their caps, whatever the normaliser did to them. */
export function boundedEvent(event: TicketEvent): TicketEvent {
  return { ...event, subject: clipText(event.subject, MAX_SUBJECT_CHARS), body: clipText(event.body, MAX_BODY_CHARS) };
}

/** A payload's files as the event carries them: `{ attachments }` when any is kept (attachments.ts caps), else nothing. */
export function attachmentsOf(raw: readonly RawAttachment[] | null | undefined): Pick<TicketEvent, 'attachments'> {
  const attachments = keepAttachments(raw);
  return attachments.length > 0 ? { attachments } : {};
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A helpdesk's attachment list, every field read and none trusted (keepAttachments checks them): a
 * list of another shape is no files, never a refused delivery.
 */
export const LooseAttachments = z
  .unknown()
  .transform((v) => (Array.isArray(v) ? v.filter(isRecord).slice(0, 50) : undefined))
  .optional();
