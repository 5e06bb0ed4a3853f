// The files a customer attached to a sandbox ticket: each a photo (photoPng) under a name the
// caller chose, served from the sandbox helpdesk's own address at a Zendesk-shaped link
// (`/attachments/token/{token}/?name=…`) to whoever presents the helpdesk's API credentials, as the
// tenant's helpdesk serves its attachments to our attachment reader (shared/helpdesk/attachments.ts).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Files kept per ticket: more than the run keeps (MAX_ATTACHMENTS), so its cap can be seen at work. */
export const MAX_SANDBOX_ATTACHMENTS = 20;

export const NewAttachment = z.object({ name: z.string().trim().min(1).max(200) });

export interface SandboxAttachment {
  token: string;
  name: string;
  contentType: 'image/png';
  size: number;
}

/** The path of an attachment's bytes; the token is what finds it (the name is for people). */
export const ATTACHMENT_PATH = /^\/attachments\/token\/([0-9a-f]{24})\/?$/;

export function newAttachment(name: string, photo: Buffer): SandboxAttachment {
  return { token: randomBytes(12).toString('hex'), name, contentType: 'image/png', size: photo.length };
}

/** As the sandbox's pages and the webhook senders read it: the link is absolute, on the helpdesk's own origin. */
export function attachmentJson(baseUrl: string, a: SandboxAttachment) {
  return { name: a.name, contentType: a.contentType, size: a.size, url: `${baseUrl}/attachments/token/${a.token}/?name=${encodeURIComponent(a.name)}` };
}
