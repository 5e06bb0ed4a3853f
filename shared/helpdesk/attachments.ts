// Reads a ticket attachment's bytes through the tenant's helpdesk, with the tenant's credentials, for
// a thumbnail on our own pages. Only a link on the helpdesk's own origin is fetched (a customer's
// link elsewhere never gets our credentials), a redirect is followed once without them, and only an
// image of a known type within MAX_ATTACHMENT_BYTES comes back. Never logs the link or the name.
import { gorgiasAuthorization } from './gorgias.js';
import { zendeskAuthorization } from './zendesk.js';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** Image types served as a thumbnail (no SVG: it can carry script). */
export const THUMBNAIL_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type AttachmentRead =
  { ok: true; contentType: string; body: Buffer } | { ok: false; reason: 'foreign_host' | 'not_an_image' | 'too_large' | 'not_found' | 'unavailable' };

export interface AttachmentReader {
  /** The helpdesk's origin: a link elsewhere is never fetched (pages show it as a plain link). */
  ownsUrl(url: string): boolean;
  read(url: string): Promise<AttachmentRead>;
}

export interface AttachmentReaderOptions {
  connector: 'zendesk' | 'gorgias';
  baseUrl: string;
  email: string;
  token: string;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

const AUTHORIZATION = { zendesk: zendeskAuthorization, gorgias: gorgiasAuthorization } as const;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The body, or null once it passes `max` bytes (read no further). */
async function boundedBody(response: Response, max: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
}

export function createAttachmentReader(options: AttachmentReaderOptions): AttachmentReader {
  const origin = originOf(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const max = options.maxBytes ?? MAX_ATTACHMENT_BYTES;
  const get = (url: string, authorization?: string) =>
    doFetch(url, {
      headers: { accept: 'image/*', ...(authorization ? { authorization } : {}) },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  const ownsUrl = (url: string) => origin !== null && originOf(url) === origin;

  return {
    ownsUrl,
    async read(url) {
      if (!ownsUrl(url)) return { ok: false, reason: 'foreign_host' };
      let response: Response;
      try {
        response = await get(url, AUTHORIZATION[options.connector](options.email, options.token));
        // The helpdesk may hand the file over from its storage: followed once, https only, without our credentials.
        const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
        if (location) {
          const next = new URL(location, url);
          if (next.protocol !== 'https:' && next.origin !== origin) return { ok: false, reason: 'unavailable' };
          response = await get(next.href, next.origin === origin ? AUTHORIZATION[options.connector](options.email, options.token) : undefined);
        }
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      if (response.status === 404) return { ok: false, reason: 'not_found' };
      if (response.status < 200 || response.status >= 300) return { ok: false, reason: 'unavailable' };
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!THUMBNAIL_TYPES.has(contentType)) return { ok: false, reason: 'not_an_image' };
      const body = await boundedBody(response, max).catch(() => undefined);
      if (body === undefined) return { ok: false, reason: 'unavailable' };
      if (body === null) return { ok: false, reason: 'too_large' };
      return { ok: true, contentType, body };
    },
  };
}
