// The sandbox helpdesk's attachments over real HTTP: a photo attached to a ticket, listed with a link
// on the helpdesk's own origin, served as a valid PNG to the helpdesk's API credentials only, and
// read by our attachment reader as a Zendesk and as a Gorgias tenant would read it.
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachmentReader } from '#shared/helpdesk/index.js';
import { HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
});
afterAll(() => sandboxes.close());

type Listed = { name: string; contentType: string; size: number; url: string };

async function attach(ticketId: string, name: unknown): Promise<Response> {
  return fetch(`${sandboxes.helpdesk.url}/sandbox/tickets/${ticketId}/attachments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

/** The PNG's chunks, each checked against its CRC, and its pixels inflated. */
function pngOf(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  const header = chunks[0]!.data;
  const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
  return { types: chunks.map((c) => c.type), width: header.readUInt32BE(0), height: header.readUInt32BE(4), pixels: inflateSync(idat) };
}

describe('sandbox helpdesk attachments', () => {
  it("attaches a photo to a ticket and lists it with a link on the helpdesk's own origin", async () => {
    const response = await attach('5003', 'plate-crack.png');
    expect(response.status).toBe(201);
    const { attachment } = (await response.json()) as { attachment: Listed };
    expect(attachment).toMatchObject({ name: 'plate-crack.png', contentType: 'image/png' });
    expect(new URL(attachment.url).origin).toBe(sandboxes.helpdesk.url);
    const view = (await (await fetch(`${sandboxes.helpdesk.url}/sandbox/tickets/5003`)).json()) as { ticket: { attachments: Listed[] } };
    expect(view.ticket.attachments).toEqual([attachment]);
  });

  it('serves a valid PNG to the API credentials of either helpdesk, and nothing without them', async () => {
    const { attachment } = (await (await attach('5001', 'mug.png')).json()) as { attachment: Listed };
    const zendesk = `Basic ${Buffer.from(`${HELPDESK_EMAIL}/token:${HELPDESK_TOKEN}`).toString('base64')}`;
    const gorgias = `Basic ${Buffer.from(`${HELPDESK_EMAIL}:${HELPDESK_TOKEN}`).toString('base64')}`;

    for (const authorization of [zendesk, gorgias]) {
      const response = await fetch(attachment.url, { headers: { authorization } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(attachment.size);
      const png = pngOf(bytes);
      expect(png.types).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(png.pixels.length).toBe(png.height * (1 + png.width * 3));
    }
    expect((await fetch(attachment.url)).status).toBe(401);
    expect((await fetch(attachment.url, { headers: { authorization: `Basic ${Buffer.from(`${HELPDESK_EMAIL}:wrong`).toString('base64')}` } })).status).toBe(
      401,
    );
    expect((await fetch(`${sandboxes.helpdesk.url}/attachments/token/${'0'.repeat(24)}/`, { headers: { authorization: zendesk } })).status).toBe(404);
  });

  it('is read by our attachment reader as a Zendesk tenant and as a Gorgias tenant', async () => {
    const { attachment } = (await (await attach('5002', 'hole.png')).json()) as { attachment: Listed };
    for (const connector of ['zendesk', 'gorgias'] as const) {
      const reader = createAttachmentReader({ connector, baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN });
      expect(reader.ownsUrl(attachment.url)).toBe(true);
      const read = await reader.read(attachment.url);
      expect(read).toMatchObject({ ok: true, contentType: 'image/png' });
      if (read.ok) expect(read.body.length).toBe(attachment.size);
    }
    const wrong = createAttachmentReader({ connector: 'zendesk', baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: 'wrong' });
    expect(await wrong.read(attachment.url)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('refuses an attachment without a name, or on a ticket it does not have', async () => {
    expect((await attach('5004', '')).status).toBe(400);
    expect((await attach('5004', 42)).status).toBe(400);
    expect((await attach('424242', 'x.png')).status).toBe(404);
  });
});
