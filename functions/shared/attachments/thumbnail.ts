// GET …/attachments/{n} on the console and the approval page: the run's n-th attachment, read through
// the tenant's helpdesk with the tenant's credentials (shared/helpdesk/attachments.ts) and served
// from our own origin, so no page ever loads a link from customer text. Only an image on the
// helpdesk's own host is fetched; anything else is a 404 and the page shows a plain link instead.
import type { AttachmentReader } from '#shared/helpdesk/index.js';
import { isImage, type TicketAttachment } from '#functions/shared/domain/attachments.js';
import type { Run } from '#functions/shared/domain/run.js';
import { json, type HttpResult } from '../http.js';

/** Whether a page may draw `a` from our thumbnail route: an image the tenant's helpdesk serves. */
export function thumbnailable(a: TicketAttachment, reader: AttachmentReader | undefined): boolean {
  return !!reader && isImage(a) && reader.ownsUrl(a.url);
}

/** The n-th attachment of the run (n from the path, checked), or null. */
export function attachmentAt(run: Run, n: string | undefined): TicketAttachment | null {
  if (!n || !/^\d{1,2}$/.test(n)) return null;
  return run.ticket.attachments?.[Number(n)] ?? null;
}

const IMAGE_HEADERS = {
  'cache-control': 'private, max-age=300',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'content-disposition': 'inline',
};

/** The image's bytes, or a 404 / 502 that says why in a word (never the link or the name). */
export async function thumbnailResult(attachment: TicketAttachment | null, reader: AttachmentReader | undefined): Promise<HttpResult> {
  if (!attachment || !thumbnailable(attachment, reader)) return json(404, { error: 'no thumbnail for that attachment' });
  const read = await reader!.read(attachment.url);
  if (!read.ok) return json(read.reason === 'unavailable' ? 502 : 404, { error: `no thumbnail: ${read.reason.replace(/_/g, ' ')}` });
  return {
    statusCode: 200,
    headers: { 'content-type': read.contentType, ...IMAGE_HEADERS },
    body: read.body.toString('base64'),
    isBase64Encoded: true,
  };
}
