// The customer's files as each helpdesk's webhook carries them, kept within the caps; their names
// escaped wherever they are drawn; the thumbnail route refusing foreign hosts and non-images.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepAttachments, MAX_ATTACHMENTS, type TicketAttachment } from '#functions/shared/domain/attachments.js';
import { normalizeFreshdesk, normalizeGorgias } from '#functions/intake/webhook-ingest/shared-secret.js';
import { normalizeZendesk } from '#functions/intake/webhook-ingest/zendesk.js';
import { normalizeHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { normalizeIntercom } from '#functions/intake/webhook-ingest/intercom.js';
import { attachmentsEmailHtml, attachmentsPageHtml } from '#functions/shared/attachments/attachments-html.js';
import { thumbnailResult } from '#functions/shared/attachments/thumbnail.js';
import { createAttachmentReader } from '#shared/helpdesk/index.js';

/** The helpdesks' reference payloads, as the webhook tests keep them (test/unit/functions/fixtures). */
const vectors = JSON.parse(readFileSync(new URL('../functions/fixtures/helpdesk-vectors.json', import.meta.url), 'utf8')) as {
  helpscout: { rawBody: string };
  intercom: { rawBody: string };
  gorgiasMessage: Record<string, unknown>;
  freshdeskCreated: Record<string, unknown>;
};
const reference = (name: 'gorgias' | 'intercom' | 'helpscout' | 'freshdesk') => ({
  payload: {
    gorgias: () => vectors.gorgiasMessage,
    intercom: () => JSON.parse(vectors.intercom.rawBody) as Record<string, unknown>,
    helpscout: () => JSON.parse(vectors.helpscout.rawBody) as Record<string, unknown>,
    freshdesk: () => vectors.freshdeskCreated,
  }[name](),
});
const ctx = (headers: Record<string, string> = {}) => ({ tenant: 'demo', receivedAt: '2026-09-23T12:00:00.000Z', header: (n: string) => headers[n] });
const eventOf = (result: ReturnType<typeof normalizeGorgias>) => {
  if (result.ok !== true) throw new Error(`not normalized: ${result.reason}`);
  return result.event;
};
const PHOTO = { url: 'https://acme.gorgias.com/api/attachments/1/photo.jpg', name: 'photo.jpg', size: 34567, content_type: 'image/jpeg' };

describe('attachments kept on the ticket event', () => {
  it('Gorgias: reads the message attachments of the reference payload, as the customer sent them', () => {
    const payload = { ...reference('gorgias').payload, from_agent: false, attachments: [PHOTO] };
    expect(eventOf(normalizeGorgias(payload, ctx())).attachments).toEqual([
      { name: 'photo.jpg', contentType: 'image/jpeg', size: 34567, url: 'https://acme.gorgias.com/api/attachments/1/photo.jpg' },
    ]);
  });

  it('Gorgias: the reference payload without files carries none', () => {
    const payload = { ...reference('gorgias').payload, from_agent: false };
    expect(eventOf(normalizeGorgias(payload, ctx())).attachments).toBeUndefined();
  });

  it('Intercom: reads the first message attachments (PartAttachment: name, url, content_type, filesize)', () => {
    const payload = structuredClone(reference('intercom').payload) as {
      data: { item: { conversation_message: { attachments: unknown[] } } };
    };
    payload.data.item.conversation_message.attachments = [
      { type: 'upload', name: 'crack.png', url: 'https://downloads.intercomcdn.com/i/1/crack.png', content_type: 'image/png', filesize: 2048 },
    ];
    expect(eventOf(normalizeIntercom(payload, ctx())).attachments).toEqual([
      { name: 'crack.png', contentType: 'image/png', size: 2048, url: 'https://downloads.intercomcdn.com/i/1/crack.png' },
    ]);
  });

  it("Help Scout: reads the customer thread's attachments (filename, mimeType, size, url)", () => {
    const payload = {
      ...reference('helpscout').payload,
      status: 'active',
      _embedded: {
        threads: [
          {
            id: 1,
            type: 'customer',
            body: 'It came broken',
            createdAt: '2017-04-21T14:39:56Z',
            attachments: [{ id: 12391, mimeType: 'image/jpeg', filename: 'mug.jpg', size: 22, url: 'https://secure.helpscout.net/some-url/mug.jpg' }],
          },
        ],
      },
    };
    const result = normalizeHelpScout(payload, ctx({ 'x-helpscout-event': 'convo.created' }));
    expect(eventOf(result).attachments).toEqual([
      { name: 'mug.jpg', contentType: 'image/jpeg', size: 22, url: 'https://secure.helpscout.net/some-url/mug.jpg' },
    ]);
  });

  it("Freshdesk: the webhook's placeholders carry no files, so none are kept", () => {
    const payload = reference('freshdesk').payload;
    expect(eventOf(normalizeFreshdesk(payload, ctx())).attachments).toBeUndefined();
  });

  it("Zendesk: an attachment_linked_to_comment event adds the requester's file, and starts nothing of its own", () => {
    const payload = {
      id: 'evt-1',
      type: 'zen:event-type:ticket.attachment_linked_to_comment',
      time: '2026-09-23T12:00:00Z',
      detail: { id: '5002', requester_id: '9002', actor_id: '9002', subject: 'Blanket' },
      event: {
        comment: {
          id: '77',
          attachment: {
            content_type: 'image/jpeg',
            content_url: 'https://acme.zendesk.com/attachments/token/x/?name=b.jpg',
            filename: 'b.jpg',
            id: '1',
            is_public: true,
          },
        },
      },
    };
    const event = eventOf(normalizeZendesk(payload, ctx()));
    expect(event).toMatchObject({ eventType: 'ticket.attachment_linked_to_comment', body: '', ticketId: '5002' });
    expect(event.attachments).toEqual([
      { name: 'b.jpg', contentType: 'image/jpeg', size: null, url: 'https://acme.zendesk.com/attachments/token/x/?name=b.jpg' },
    ]);
    expect(normalizeZendesk({ ...payload, detail: { ...payload.detail, actor_id: '1' } }, ctx()).ok).toBe('ignored');
  });

  it('keeps at most 10, drops links that are not https (or are too long), cuts names to 200 characters', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ url: `https://h.example/${i}.jpg`, name: `n${i}` }));
    expect(keepAttachments(many)).toHaveLength(MAX_ATTACHMENTS);
    expect(keepAttachments([{ url: 'http://h.example/a.jpg' }, { url: 'javascript:alert(1)' }, { url: `https://h.example/${'a'.repeat(2000)}` }])).toEqual([]);
    expect(keepAttachments([{ url: 'https://h.example/a.jpg', name: 'x'.repeat(500), contentType: '<script>', size: -1 }])[0]).toMatchObject({
      name: 'x'.repeat(200),
      contentType: null,
      size: null,
    });
  });
});

const HOSTILE: TicketAttachment = { name: '<img src=x onerror=alert(1)>"', contentType: 'image/png', size: 10, url: 'https://acme.zendesk.com/a?x="><script>' };

describe('attachments drawn', () => {
  it('escapes names and links in the email and the page, and the email embeds no image and links no file', () => {
    const email = attachmentsEmailHtml([HOSTILE], 'https://agent.example/approvals/apr_1?as=t');
    expect(email).not.toContain('<img');
    expect(email).not.toContain('acme.zendesk.com');
    expect(email).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;');
    const page = attachmentsPageHtml([HOSTILE], () => null);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
  });

  it("draws a thumbnail only from our own route's src", () => {
    const page = attachmentsPageHtml([HOSTILE], (i) => `/runs/run_1/attachments/${i}`);
    expect(page).toMatch(/<img src="\/runs\/run_1\/attachments\/0"/);
  });
});

describe('thumbnail route', () => {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const fakeFetch = (type: string) => (async () => new Response(png, { status: 200, headers: { 'content-type': type } })) as unknown as typeof fetch;
  const reader = (type = 'image/png') =>
    createAttachmentReader({ connector: 'zendesk', baseUrl: 'https://acme.zendesk.com', email: 'a@b.c', token: 't', fetch: fakeFetch(type) });
  const on = (url: string, contentType = 'image/png'): TicketAttachment => ({ name: 'p.png', contentType, size: 8, url });

  it("serves the image's bytes read through the tenant's helpdesk", async () => {
    const result = await thumbnailResult(on('https://acme.zendesk.com/attachments/token/x'), reader());
    expect(result).toMatchObject({ statusCode: 200, isBase64Encoded: true, headers: { 'content-type': 'image/png', 'x-content-type-options': 'nosniff' } });
    expect(Buffer.from(result.body!, 'base64')).toEqual(png);
  });

  it('refuses a link on another host (our credentials never leave the helpdesk)', async () => {
    expect((await thumbnailResult(on('https://evil.example/x.png'), reader())).statusCode).toBe(404);
  });

  it('refuses what is not an image, by the ticket and by the answer', async () => {
    expect((await thumbnailResult(on('https://acme.zendesk.com/a', 'application/pdf'), reader())).statusCode).toBe(404);
    expect((await thumbnailResult(on('https://acme.zendesk.com/a'), reader('text/html'))).statusCode).toBe(404);
    expect((await thumbnailResult(on('https://acme.zendesk.com/a'), reader('image/svg+xml'))).statusCode).toBe(404);
  });
});
