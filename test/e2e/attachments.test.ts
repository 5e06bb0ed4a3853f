// A customer's photo on a ticket that waits for approval, through the local runtime over real HTTP,
// for a Zendesk and a Gorgias tenant: the sandbox helpdesk holds the photo, the webhook carries its
// link (Zendesk in a per-file event of its own, Gorgias on the message), the run keeps it, the
// approval email lists it by name and links the approval page without embedding or linking the file,
// and the approval page and the console's run page draw it from our own routes, which read the bytes
// through the helpdesk with the tenant's credentials.
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import {
  APPROVER,
  GORGIAS_RUNTIME,
  attachPhoto,
  attachmentLinked,
  getRun,
  gorgiasMessageCreated,
  linksIn,
  postGorgiasWebhook,
  postWebhook,
  settled,
  startRuntime,
  ticketCreated,
  waitForEmails,
  waitForRun,
  type RunView,
  type SandboxAttachment,
} from '../support/local-runtime.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PHOTO = 'blanket-hole.png';
// Order 1002: the $62 wool throw, over the automatic limit, so the refund waits for a person.
const TEXT = 'Hi, the wool throw blanket from order #1002 arrived with a hole, photo attached. I would like a refund.';

let rt: LocalRuntime | null = null;
afterEach(async () => {
  await rt?.close();
  rt = null;
});

const waiting = (r: RunView) => r.status === 'awaiting_approval' || settled(r);

/** The image an <img> on one of our pages loads: answered by our own route, a PNG of the photo's size. */
async function expectPhotoServed(src: string, photo: SandboxAttachment): Promise<void> {
  const res = await fetch(src);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBe(photo.size);
}

const imgSrcs = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** What the approver and the operator see of the photo, once the run waits for approval. */
async function expectPhotoShown(runtime: LocalRuntime, runId: string, photo: SandboxAttachment): Promise<void> {
  const run = await getRun(runtime, runId);
  expect(run?.status).toBe('awaiting_approval');
  expect(run?.ticket.attachments).toEqual([{ name: PHOTO, contentType: 'image/png', size: photo.size, url: photo.url }]);

  // The email: the photo by name, and the approval page to see it; no image, no link to the file.
  const [email] = await waitForEmails(runtime, 1);
  expect(email!.destination.to).toEqual([APPROVER]);
  const { text = '', html = '' } = email!.body;
  expect(text).toContain(`${PHOTO} (image/png`);
  expect(text).toMatch(/See them on the approval page: http:\/\/\S+\/approvals\//);
  expect(html).toContain(PHOTO);
  expect(html).toContain('See them on the approval page');
  expect(html).not.toMatch(/<img/i);
  for (const part of [text, html]) {
    expect(part).not.toContain(photo.url);
    expect(part).not.toContain('/attachments/');
  }
  const links = linksIn(email!);
  expect(new Set(links).size).toBe(1);
  const link = new URL(links[0]!);

  // The approval page: the photo drawn from our own route, with this approver's token, never from the helpdesk.
  const page = await (await fetch(link)).text();
  const [src, ...more] = imgSrcs(page);
  expect(more).toEqual([]);
  expect(src).toBe(`${link.pathname}/attachments/0?as=${encodeURIComponent(link.searchParams.get('as')!)}`);
  expect(page).not.toContain(photo.url);
  await expectPhotoServed(new URL(src!, link).href, photo);
  // The route answers only to an approver's link.
  expect((await fetch(new URL(`${link.pathname}/attachments/0`, link))).status).toBe(403);

  // The console's run page: the same photo from the console's own route.
  const runPage = await (await fetch(`${runtime.baseUrl}/runs/${runId}`)).text();
  expect(runPage).toContain(PHOTO);
  expect(imgSrcs(runPage)).toContain(`/runs/${runId}/attachments/0`);
  await expectPhotoServed(`${runtime.baseUrl}/runs/${runId}/attachments/0`, photo);
}

describe("a customer's photo on a refund that waits for approval", () => {
  it('Zendesk: the per-file event adds the photo to the run, and the approval email and pages show it', async () => {
    rt = await startRuntime();
    const photo = await attachPhoto(rt, '5002', PHOTO);

    // Zendesk sends the ticket, then each of its files as an event of its own.
    const created = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text: TEXT }));
    expect(created.status).toBe(202);
    const linked = await postWebhook(rt, attachmentLinked({ ticketId: '5002', requesterId: '9002', attachment: photo }));
    expect(linked.status).toBe(202);
    const runId = created.json.runId as string;
    expect(linked.json.runId).toBe(runId);

    await waitForRun(rt, runId, waiting);
    await expectPhotoShown(rt, runId, photo);
  });

  it("Gorgias: the message's attachment is kept on the run, and the approval email and pages show it", async () => {
    rt = await startRuntime(GORGIAS_RUNTIME);
    const photo = await attachPhoto(rt, '5002', PHOTO);

    const { status, json } = await postGorgiasWebhook(
      rt,
      gorgiasMessageCreated({ ticketId: '5002', requesterId: '9002', requesterEmail: 'ben@example.com', text: TEXT, attachments: [photo] }),
    );
    expect(status).toBe(202);
    const runId = json.runId as string;

    await waitForRun(rt, runId, waiting);
    await expectPhotoShown(rt, runId, photo);
  });
});
