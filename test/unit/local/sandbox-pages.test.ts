// The sandbox's read-only pages (the ticket with its notes, the order with its refunds, the execution
// with its states) print times as the console prints them ("Sun Dec 6, 4:03 AM UTC" in the store's
// zone and locale), the exact ISO instant kept in each <time>'s datetime, and name the zone once.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPages, type SandboxPagesDeps } from '#local/sandbox/pages.js';
import { demoFixture } from '#local/sandbox/index.js';
import { SandboxStoreState } from '#local/sandbox/store/state.js';
import { listen, sendJson, type Listening } from '#local/sandbox/http.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { ExecutionView } from '#local/stepfunctions/executions.js';
import { fixedClock } from '../../support/fixtures.js';

const NOTE_AT = '2026-12-06T04:03:00.000Z';
const STARTED = '2026-12-06T04:02:10.000Z';
const STOPPED = '2026-12-06T04:03:05.000Z';

/** A helpdesk that answers one ticket with one internal note, as the sandbox helpdesk does. */
let helpdesk: Listening;
beforeAll(async () => {
  helpdesk = await listen(async (req, res) => {
    if (req.url === '/sandbox/tickets/8201')
      return sendJson(res, 200, {
        ticket: { id: '8201', requesterId: '9001', subject: 'Cracked mug', notes: [{ id: 1, body: 'A reply draft', createdAt: NOTE_AT, authorId: 'agent' }] },
      });
    return sendJson(res, 404, { error: 'not found' });
  });
});
afterAll(() => helpdesk.close());

const execution = {
  name: 'run-1',
  status: 'SUCCEEDED',
  currentState: null,
  startedAt: STARTED,
  stoppedAt: STOPPED,
  history: [{ at: STARTED, state: 'Triage', type: 'TaskStateEntered', nestedIn: null, error: null }],
} as unknown as ExecutionView;

function pages(over: Partial<SandboxPagesDeps> = {}) {
  const fixture = demoFixture();
  const store = new SandboxStoreState({ ...fixture, shop: { ...fixture.shop, timeZone: 'Europe/Budapest' } }, fixedClock(new Date('2026-12-06T12:00:00Z')));
  const deps: SandboxPagesDeps = { store, helpdeskUrl: helpdesk.url, executions: (runId) => (runId === 'run-1' ? execution : undefined), ...over };
  const routes = sandboxPages(deps);
  return async (base: string, param: Record<string, string>) => {
    const route = routes.find((r) => r.path.startsWith(base))!;
    const result = await route.handler({ pathParameters: param } as unknown as APIGatewayProxyEventV2);
    return { status: result.statusCode, body: String(result.body) };
  };
}

/** The page's words a person reads: tags gone, so attribute values (the ISO instants) are not among them. */
const shown = (html: string) => html.replace(/<[^>]*>/g, ' ');
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe("the sandbox pages' times", () => {
  it("print a note's time as the console does, in the store's zone, the ISO instant in its datetime", async () => {
    const { status, body } = await pages()('/sandbox/tickets/', { ticketId: '8201' });
    expect(status).toBe(200);
    const console = createFormats({ locale: 'en-US', timeZone: 'Europe/Budapest', now: new Date() }).dateTime(NOTE_AT);
    expect(console).toBe('Sun Dec 6, 5:03 AM GMT+1');
    expect(body).toContain(`<time datetime="${NOTE_AT}" title="${NOTE_AT}">${console}</time>`);
    expect(shown(body)).not.toMatch(ISO);
    expect(shown(body)).toContain('Times in Europe/Budapest.');
  });

  it('print in the zone and locale the console reads the store in, when told them', async () => {
    const { body } = await pages({ timeZone: 'UTC', locale: 'en-GB' })('/sandbox/tickets/', { ticketId: '8201' });
    expect(body).toContain(`>Sun 6 Dec, 04:03 UTC</time>`);
  });

  it('print when an order was placed and when each refund was made, with no "(UTC)" heading left', async () => {
    const { status, body } = await pages()('/sandbox/orders/', { orderNumber: '992' });
    expect(status).toBe(200);
    const text = shown(body);
    expect(text).not.toMatch(ISO);
    expect(text).not.toContain('(UTC)');
    expect(body).toMatch(/<dt>Placed<\/dt><dd><time datetime="[^"]+" title="[^"]+">\w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M GMT\+1<\/time>/);
    expect(body.match(/<td><time datetime=/g)).toHaveLength(1);
  });

  it("print an execution's start, stop and each state's time like the console", async () => {
    const { status, body } = await pages({ timeZone: 'UTC' })('/sandbox/executions/', { runId: 'run-1' });
    expect(status).toBe(200);
    const text = shown(body);
    expect(text).not.toMatch(ISO);
    expect(text).not.toContain('(UTC)');
    expect(text).toMatch(/Started\s+Sun Dec 6, 4:02 AM UTC/);
    expect(text).toMatch(/Stopped\s+Sun Dec 6, 4:03 AM UTC/);
    expect(body).toContain(`<td><time datetime="${STARTED}" title="${STARTED}">Sun Dec 6, 4:02 AM UTC</time></td><td>Triage</td>`);
  });

  it('answer a page without times (not found) with no zone line', async () => {
    const { status, body } = await pages()('/sandbox/orders/', { orderNumber: '4242' });
    expect(status).toBe(404);
    expect(body).not.toContain('Times in');
  });
});
