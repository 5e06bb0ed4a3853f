// The sandbox helpdesk: the Zendesk API subset the agent uses (private comment = internal note,
// ticket comments, users; basic auth `{email}/token:{token}`) and the Gorgias one (internal-note
// message, customers; basic auth `{email}:{token}`), plus /sandbox/tickets pages that show the
// drafts left on each ticket and the /sandbox/faults knobs, and the customers' photos on a ticket
// (POST /sandbox/tickets/{id}/attachments) served at /attachments/token/{token}/ behind the same
// credentials as the API. Refuses anything public: the agent never writes to customers. With a data
// file, tickets, notes and attachments are loaded from it at start and saved after every change. Started by local/sandbox/index.ts for tests and the local runtime.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Clock } from '#harness/ports.js';
import type { SandboxFixture } from '../fixture.js';
import { handleFaultsRequest, hangUntilClosed, listen, readBody, sendJson } from '../http.js';
import { createStoreFaults, type StoreFaults } from '../store/faults.js';
import { stateFile } from '../../state-file.js';
import { ATTACHMENT_PATH, attachmentJson, MAX_SANDBOX_ATTACHMENTS, NewAttachment, newAttachment, type SandboxAttachment } from './attachments.js';
import { photoPng } from './png.js';

const NewTicket = z.object({ id: z.string().regex(/^\d{1,12}$/), requesterId: z.string().min(1), subject: z.string().max(200) });

export interface SandboxComment {
  id: number;
  authorId: string;
  body: string;
  public: boolean;
  createdAt: string;
}

export interface SandboxHelpdeskOptions {
  fixture: SandboxFixture;
  clock: Clock;
  /** The agent's credentials: basic auth `${email}/token:${token}`. */
  email: string;
  token: string;
  /** The helpdesk user the agent's notes are written as. */
  agentUserId?: string;
  host?: string;
  port?: number;
  /** Where tickets and notes are kept between starts (DATA_DIR); absent: in memory only. */
  dataFile?: string;
}

type SavedTicket = { id: string; requesterId: string; subject: string; comments: SandboxComment[]; attachments?: SandboxAttachment[] };
type HelpdeskSnapshot = { tickets: SavedTicket[]; nextCommentId: number; publicAttempts: number };

export interface SandboxHelpdesk {
  url: string;
  /** The internal (private) notes left on a ticket, oldest first. */
  notes(ticketId: string): SandboxComment[];
  /** Every write attempt that asked for a public reply (refused), for tests to assert there were none. */
  publicAttempts(): number;
  faults: StoreFaults;
  close(): Promise<void>;
}

const zendeskId = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);

export async function startSandboxHelpdesk(options: SandboxHelpdeskOptions): Promise<SandboxHelpdesk> {
  const desk = openDesk(options);
  const listening = await listen((req, res) => handleHelpdeskRequest(desk, req, res), options.host ?? '127.0.0.1', options.port ?? 0);
  desk.url = listening.url;
  return {
    url: listening.url,
    notes: (ticketId: string) => notes(desk, ticketId),
    publicAttempts: () => desk.publicAttempts,
    faults: desk.faults,
    close: listening.close,
  };
}

/** The helpdesk's tickets and users, its counters, and what every route needs (credentials, clock, faults). */
type Desk = {
  /** Where the helpdesk listens (set once it does): the origin of its attachment links. */
  url: string;
  agentUserId: string;
  users: Map<string, SandboxFixture['helpdesk']['users'][number]>;
  tickets: Map<string, SavedTicket>;
  nextCommentId: number;
  publicAttempts: number;
  /** The clock's time to the second, as the helpdesks write it. */
  now(): string;
  /** Writes the state to the data file, when there is one. */
  save(): void;
  zendeskAuth: Buffer;
  gorgiasAuth: Buffer;
  faults: ReturnType<typeof createStoreFaults>;
  /** The bytes every attachment serves (a customer's photo). */
  photo: Buffer;
};

/** The fixture's tickets, each opened by its requester's subject, or the state a data file kept. */
function openDesk(options: SandboxHelpdeskOptions): Desk {
  const { fixture, clock } = options;
  const file = options.dataFile ? stateFile<HelpdeskSnapshot>(options.dataFile, 1) : null;
  const basic = (userPass: string) => Buffer.from(`Basic ${Buffer.from(userPass).toString('base64')}`);
  const desk: Desk = {
    url: '',
    agentUserId: options.agentUserId ?? '1',
    users: new Map(fixture.helpdesk.users.map((u) => [u.id, u])),
    tickets: new Map(fixture.helpdesk.tickets.map((t) => [t.id, { ...t, comments: [] as SandboxComment[] }])),
    nextCommentId: 700_000_001,
    publicAttempts: 0,
    now: () =>
      clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    save: () => file?.write({ tickets: [...desk.tickets.values()], nextCommentId: desk.nextCommentId, publicAttempts: desk.publicAttempts }),
    zendeskAuth: basic(`${options.email}/token:${options.token}`),
    gorgiasAuth: basic(`${options.email}:${options.token}`),
    faults: createStoreFaults(),
    photo: photoPng(),
  };
  for (const t of desk.tickets.values()) {
    t.comments.push({ id: desk.nextCommentId++, authorId: t.requesterId, body: t.subject, public: true, createdAt: desk.now() });
  }
  const saved = file?.read();
  if (saved) {
    desk.tickets.clear();
    for (const t of saved.tickets) desk.tickets.set(t.id, t);
    desk.nextCommentId = saved.nextCommentId;
    desk.publicAttempts = saved.publicAttempts;
  }
  desk.save();
  return desk;
}

const authorized = (header: string | undefined, expected: Buffer) => {
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
const notes = (desk: Desk, ticketId: string) => desk.tickets.get(ticketId)?.comments.filter((c) => !c.public) ?? [];
const ticketSummary = (desk: Desk, t: SavedTicket) => ({
  id: t.id,
  requesterId: t.requesterId,
  subject: t.subject,
  notes: notes(desk, t.id),
  attachments: (t.attachments ?? []).map((a) => attachmentJson(desk.url, a)),
});
const commentJson = (c: SandboxComment) => ({
  id: c.id,
  type: 'Comment',
  author_id: zendeskId(c.authorId),
  body: c.body,
  html_body: `<p>${c.body}</p>`,
  public: c.public,
  created_at: c.createdAt,
});
const notFound = { error: 'RecordNotFound', description: 'Not found' };

/** The sandbox's own pages and knobs, then the helpdesk APIs behind the faults: Zendesk's under /api/v2/, Gorgias's under /api/. */
async function handleHelpdeskRequest(desk: Desk, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { tickets, faults } = desk;
  const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
  let m: RegExpExecArray | null;

  if (req.method === 'GET' && path === '/sandbox/tickets') return sendJson(res, 200, { tickets: [...tickets.values()].map((t) => ticketSummary(desk, t)) });
  if (req.method === 'GET' && (m = /^\/sandbox\/tickets\/([^/]+)$/.exec(path))) {
    const t = tickets.get(decodeURIComponent(m[1] ?? ''));
    return t ? sendJson(res, 200, { ticket: ticketSummary(desk, t) }) : sendJson(res, 404, notFound);
  }
  if (path === '/sandbox/faults') return handleFaultsRequest(req, res, faults);
  // A customer writing in: the ticket a webhook will then name (npm run ticket, the bench).
  if (req.method === 'POST' && path === '/sandbox/tickets') return openTicket(desk, req, res);
  // A customer attaching a photo: its link is what the webhook carries (Zendesk content_url, Gorgias url).
  if (req.method === 'POST' && (m = /^\/sandbox\/tickets\/([^/]+)\/attachments$/.exec(path))) return attach(desk, decodeURIComponent(m[1] ?? ''), req, res);
  // The helpdesk's file, as our attachment reader fetches it: the API's credentials (either helpdesk's), no faults.
  if (req.method === 'GET' && (m = ATTACHMENT_PATH.exec(path))) return serveAttachment(desk, m[1] ?? '', req, res);
  if (!path.startsWith('/api/')) return sendJson(res, 404, notFound);
  const fault = faults.take();
  if (fault.kind === 'hang') return hangUntilClosed(req, res);
  if (fault.kind !== 'none') return sendJson(res, fault.kind === 'http' ? fault.status : 429, { error: 'Service Unavailable' }, { 'retry-after': '1' });
  if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  if (!path.startsWith('/api/v2/')) return gorgias(desk, req, res, path);
  if (!authorized(req.headers.authorization, desk.zendeskAuth)) return sendJson(res, 401, { error: "Couldn't authenticate you" });
  return zendesk(desk, req, res, path);
}

/** POST /sandbox/tickets: a new ticket (an id already there answers that ticket, unchanged). */
async function openTicket(desk: Desk, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parsed = NewTicket.safeParse(
    await readBody(req)
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null),
  );
  if (!parsed.success) return sendJson(res, 400, { error: 'a ticket needs id, requesterId and subject' });
  const existing = desk.tickets.get(parsed.data.id);
  if (existing) return sendJson(res, 200, { ticket: ticketSummary(desk, existing) });
  const ticket = { ...parsed.data, comments: [] as SandboxComment[] };
  desk.tickets.set(ticket.id, ticket);
  desk.save();
  return sendJson(res, 201, { ticket: ticketSummary(desk, ticket) });
}

/** POST /sandbox/tickets/{id}/attachments `{ name }`: a photo attached to the ticket, answered with its link. */
async function attach(desk: Desk, ticketId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const t = desk.tickets.get(ticketId);
  if (!t) return sendJson(res, 404, notFound);
  const parsed = NewAttachment.safeParse(
    await readBody(req, 10_000)
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null),
  );
  if (!parsed.success) return sendJson(res, 400, { error: 'an attachment needs a name (1 to 200 characters)' });
  if ((t.attachments ?? []).length >= MAX_SANDBOX_ATTACHMENTS)
    return sendJson(res, 422, { error: `a ticket keeps at most ${MAX_SANDBOX_ATTACHMENTS} attachments` });
  const attachment = newAttachment(parsed.data.name, desk.photo);
  t.attachments = [...(t.attachments ?? []), attachment];
  desk.save();
  return sendJson(res, 201, { attachment: attachmentJson(desk.url, attachment) });
}

/** GET /attachments/token/{token}/: the photo's bytes, for Zendesk's or Gorgias's API credentials. */
function serveAttachment(desk: Desk, token: string, req: IncomingMessage, res: ServerResponse): void {
  const { authorization } = req.headers;
  if (!authorized(authorization, desk.zendeskAuth) && !authorized(authorization, desk.gorgiasAuth))
    return sendJson(res, 401, { error: "Couldn't authenticate you" });
  const found = [...desk.tickets.values()].flatMap((t) => t.attachments ?? []).find((a) => a.token === token);
  if (!found) return sendJson(res, 404, notFound);
  res.writeHead(200, { 'content-type': found.contentType, 'content-length': desk.photo.length, 'cache-control': 'private, max-age=300' });
  res.end(desk.photo);
}

/** Zendesk: PUT /api/v2/tickets/{id}.json (a private comment), GET its comments, GET /api/v2/users/{id}.json. */
async function zendesk(desk: Desk, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  let m: RegExpExecArray | null;
  if ((m = /^\/api\/v2\/tickets\/([^/]+)\.json$/.exec(path)) && req.method === 'PUT') {
    const t = desk.tickets.get(decodeURIComponent(m[1] ?? ''));
    if (!t) return sendJson(res, 404, notFound);
    return zendeskComment(desk, req, res, t);
  }
  if ((m = /^\/api\/v2\/tickets\/([^/]+)\/comments\.json$/.exec(path)) && req.method === 'GET') {
    const t = desk.tickets.get(decodeURIComponent(m[1] ?? ''));
    if (!t) return sendJson(res, 404, notFound);
    return sendJson(res, 200, { comments: t.comments.map(commentJson), next_page: null, previous_page: null, count: t.comments.length });
  }
  if ((m = /^\/api\/v2\/users\/([^/]+)\.json$/.exec(path)) && req.method === 'GET') {
    const u = desk.users.get(decodeURIComponent(m[1] ?? ''));
    if (!u) return sendJson(res, 404, notFound);
    return sendJson(res, 200, { user: { id: zendeskId(u.id), email: u.email, name: u.name, role: 'end-user' } });
  }
  return sendJson(res, 404, notFound);
}

/** A Zendesk ticket update's comment: kept when private, refused (and counted) when public. */
async function zendeskComment(desk: Desk, req: IncomingMessage, res: ServerResponse, t: SavedTicket): Promise<void> {
  let comment: { body?: unknown; public?: unknown } | undefined;
  try {
    comment = (JSON.parse(await readBody(req)) as { ticket?: { comment?: typeof comment } }).ticket?.comment;
  } catch {
    return sendJson(res, 400, { error: 'Unprocessable Entity', description: 'body is not JSON' });
  }
  if (!comment || typeof comment.body !== 'string' || comment.body.trim() === '') {
    return sendJson(res, 422, {
      error: 'RecordInvalid',
      description: 'Record validation errors',
      details: { base: [{ description: 'Comment: body is required' }] },
    });
  }
  if (comment.public !== false) {
    desk.publicAttempts += 1;
    desk.save();
    return sendJson(res, 422, {
      error: 'RecordInvalid',
      description: 'Record validation errors',
      details: { base: [{ description: 'Sandbox: only private comments (internal notes) are accepted' }] },
    });
  }
  const created: SandboxComment = { id: desk.nextCommentId++, authorId: desk.agentUserId, body: comment.body, public: false, createdAt: desk.now() };
  t.comments.push(created);
  desk.save();
  return sendJson(res, 200, {
    ticket: { id: zendeskId(t.id), subject: t.subject, requester_id: zendeskId(t.requesterId), updated_at: created.createdAt },
    audit: { id: desk.nextCommentId++, ticket_id: zendeskId(t.id), created_at: created.createdAt, events: [{ ...commentJson(created), type: 'Comment' }] },
  });
}

/** Gorgias: POST /api/tickets/{id}/messages (internal-note channel only), GET /api/customers/{id}. */
async function gorgias(desk: Desk, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (!authorized(req.headers.authorization, desk.gorgiasAuth)) return sendJson(res, 401, { error: 'Unauthorized' });
  let m: RegExpExecArray | null;
  if ((m = /^\/api\/tickets\/([^/]+)\/messages\/?$/.exec(path)) && req.method === 'POST') {
    const t = desk.tickets.get(decodeURIComponent(m[1] ?? ''));
    if (!t) return sendJson(res, 404, { error: { msg: 'Resource not found' } });
    let message: { channel?: unknown; body_text?: unknown; body_html?: unknown; public?: unknown };
    try {
      message = JSON.parse(await readBody(req)) as typeof message;
    } catch {
      return sendJson(res, 400, { error: { msg: 'body is not JSON' } });
    }
    if (message.channel !== 'internal-note' || message.public === true) {
      desk.publicAttempts += 1;
      desk.save();
      return sendJson(res, 400, { error: { msg: 'Sandbox: only internal notes are accepted' } });
    }
    if (typeof message.body_text !== 'string' || message.body_text.trim() === '') {
      return sendJson(res, 400, { error: { msg: 'body_text is required' } });
    }
    const created: SandboxComment = { id: desk.nextCommentId++, authorId: desk.agentUserId, body: message.body_text, public: false, createdAt: desk.now() };
    t.comments.push(created);
    desk.save();
    return sendJson(res, 201, {
      id: created.id,
      ticket_id: zendeskId(t.id),
      channel: 'internal-note',
      via: 'api',
      public: false,
      from_agent: true,
      body_text: created.body,
      body_html: typeof message.body_html === 'string' ? message.body_html : null,
      created_datetime: created.createdAt,
      uri: `/api/tickets/${t.id}/messages/${created.id}/`,
    });
  }
  if ((m = /^\/api\/customers\/([^/]+)\/?$/.exec(path)) && req.method === 'GET') {
    const u = desk.users.get(decodeURIComponent(m[1] ?? ''));
    if (!u) return sendJson(res, 404, { error: { msg: 'Resource not found' } });
    return sendJson(res, 200, { id: zendeskId(u.id), email: u.email, name: u.name });
  }
  return sendJson(res, 404, { error: { msg: 'Resource not found' } });
}
