// The files a customer attached to a ticket (photos of the damage), as the run keeps them: a name,
// a content type, a size when the helpdesk gives one and the helpdesk's link. All of it is
// customer-controlled data: shown to people, never an instruction, never evidence of a claim, never
// logged. Every helpdesk normalizer reads its payload's attachments through keepAttachments, so the
// caps below hold for every run row whatever the helpdesk sent.
import * as z from 'zod';

/** At most this many attachments are kept on a ticket (the oldest first). */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_NAME_CHARS = 200;
export const MAX_ATTACHMENT_URL_CHARS = 2_000;
const MAX_CONTENT_TYPE_CHARS = 100;

export const TicketAttachment = z.object({
  name: z.string().min(1).max(MAX_ATTACHMENT_NAME_CHARS),
  /** `type/subtype` lower-cased, or null when the helpdesk did not say (or said something else). */
  contentType: z.string().max(MAX_CONTENT_TYPE_CHARS).nullable(),
  /** Bytes, when the helpdesk says. */
  size: z.number().int().nonnegative().nullable(),
  /** The helpdesk's link to the file: https (http only on loopback, the local sandbox helpdesk). */
  url: z.string().max(MAX_ATTACHMENT_URL_CHARS),
});
export type TicketAttachment = z.infer<typeof TicketAttachment>;

/** What a normalizer read from its payload, before the caps. */
export interface RawAttachment {
  name?: unknown;
  contentType?: unknown;
  size?: unknown;
  url?: unknown;
}

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Control and bidi-override characters: a name is printed, and must not reorder what is around it.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The link when it is one we may show and fetch through the helpdesk: https, or http on loopback (the sandbox). */
export function attachmentUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_ATTACHMENT_URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    return url.href.length <= MAX_ATTACHMENT_URL_CHARS ? url.href : null;
  return null;
}

function nameOf(value: unknown, url: string): string {
  const given = typeof value === 'string' ? value.replace(UNPRINTABLE, '').trim() : '';
  const fallback = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || 'attachment';
  const name = given || fallback.replace(UNPRINTABLE, '');
  // Cut by code points, then by UTF-16 units, so no surrogate pair is split and the cap holds.
  return Array.from(name).slice(0, MAX_ATTACHMENT_NAME_CHARS).join('').slice(0, MAX_ATTACHMENT_NAME_CHARS);
}

function contentTypeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type.length <= MAX_CONTENT_TYPE_CHARS && CONTENT_TYPE.test(type) ? type : null;
}

const sizeOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

function safeName(value: unknown, url: string): string {
  try {
    return nameOf(value, url);
  } catch {
    return 'attachment';
  }
}

/**
 * The attachments a run keeps: at most MAX_ATTACHMENTS, each with a usable link (anything without
 * one is dropped), its name cut to MAX_ATTACHMENT_NAME_CHARS, a content type only when it is one.
 */
export function keepAttachments(raw: readonly RawAttachment[] | null | undefined): TicketAttachment[] {
  const kept: TicketAttachment[] = [];
  for (const item of raw ?? []) {
    if (kept.length >= MAX_ATTACHMENTS) break;
    const url = attachmentUrl(item.url);
    if (!url || kept.some((a) => a.url === url)) continue;
    kept.push({ name: safeName(item.name, url), contentType: contentTypeOf(item.contentType), size: sizeOf(item.size), url });
  }
  return kept;
}

/** The ticket's attachments with `more` added after them, within the same caps (a link already kept is not kept twice). */
export function mergeAttachments(kept: readonly TicketAttachment[] | undefined, more: readonly TicketAttachment[]): TicketAttachment[] {
  return keepAttachments([...(kept ?? []), ...more]);
}

export const isImage = (a: Pick<TicketAttachment, 'contentType'>): boolean => (a.contentType ?? '').startsWith('image/');

/**
 * Helpdesk events that only link files to a ticket's comment (Zendesk sends each attachment as its
 * own event, apart from the comment): they add to the ticket's run and never start one.
 */
export const ATTACHMENT_LINK_EVENT_TYPES: ReadonlySet<string> = new Set(['ticket.attachment_linked_to_comment']);
