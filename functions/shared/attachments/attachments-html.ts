// A ticket's attachments as people read them: the name, the type and the size, every one escaped
// (names are customer text). Pages show an image the helpdesk serves as a thumbnail from our own
// route and any other file as a plain link; the approval email embeds nothing and links no file,
// it points at the approval page instead. One place, so the email, the approval page and the
// console's run page list the same files the same way.
import type { TicketAttachment } from '#functions/shared/domain/attachments.js';
import { escapeHtml as escaped } from '../http.js';

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const MUTED = 'color:#52525b;';

/** "1.2 MB", "340 KB", "12 bytes"; null when the helpdesk did not say. */
export function sizeInWords(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "photo.jpg (image/jpeg, 340 KB)": the line the email's text part and the lists print. */
export function attachmentLine(a: TicketAttachment): string {
  const facts = [a.contentType ?? 'type not given', sizeInWords(a.size)].filter(Boolean).join(', ');
  return `${a.name} (${facts})`;
}

const title = (count: number) =>
  `<h2 style="${FONT}margin:0 0 8px;font-size:13px;line-height:18px;font-weight:bold;letter-spacing:.04em;text-transform:uppercase;color:#3f3f46;">Attached by the customer (${count})</h2>`;
const NOT_EVIDENCE = `<p style="${FONT}margin:0 0 8px;font-size:13px;${MUTED}">Customer files: look at them, but they prove nothing on their own.</p>`;

/** For the email: names, types and sizes, and where to see them; no image, no link to a file. '' without attachments. */
export function attachmentsEmailHtml(attachments: readonly TicketAttachment[], seeThemAt: string | null): string {
  if (attachments.length === 0) return '';
  const items = attachments.map((a) => `<li style="margin:0 0 4px;">${escaped(attachmentLine(a))}</li>`).join('');
  const where = seeThemAt
    ? `<p style="${FONT}margin:8px 0 0;font-size:14px;"><a href="${escaped(seeThemAt)}" style="color:#1d4ed8;">See them on the approval page</a></p>`
    : `<p style="${FONT}margin:8px 0 0;font-size:14px;${MUTED}">Open the approval page to see them.</p>`;
  return `${title(attachments.length)}${NOT_EVIDENCE}<ul style="${FONT}margin:0;padding:0 0 0 20px;font-size:14px;line-height:20px;">${items}</ul>${where}`;
}

/**
 * For a page: each file with a thumbnail from our own route where `thumbnailSrc` gives one (an image
 * on the tenant's helpdesk), else a plain link to the helpdesk's file. '' without attachments.
 */
export function attachmentsPageHtml(attachments: readonly TicketAttachment[], thumbnailSrc: (index: number) => string | null): string {
  if (attachments.length === 0) return '';
  const items = attachments
    .map((a, i) => {
      const src = thumbnailSrc(i);
      const shown = src
        ? `<a href="${escaped(src)}"><img src="${escaped(src)}" alt="${escaped(a.name)}" style="max-width:240px;max-height:240px;border:1px solid #e4e4e7;display:block;margin:0 0 4px;"></a>`
        : '';
      const link = `<a href="${escaped(a.url)}" rel="noopener noreferrer nofollow" target="_blank" style="color:#1d4ed8;">${escaped(a.name)}</a>`;
      return `<li style="margin:0 0 12px;">${shown}${src ? escaped(a.name) : link} <span style="${MUTED}">${escaped(attachmentLine(a).slice(a.name.length).trim())}</span></li>`;
    })
    .join('');
  return `${title(attachments.length)}${NOT_EVIDENCE}<ul style="${FONT}margin:0;padding:0 0 0 20px;font-size:14px;line-height:20px;list-style:none;">${items}</ul>`;
}
