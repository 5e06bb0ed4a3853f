// The MCP transport's deployed credential: every request to the MCP server's function URL (AuthType
// AWS_IAM) is signed with SigV4 as the function's role, for service lambda in its region. The
// signatures are checked by test/support/sigv4.ts, written from the specification and sharing no
// code with the signer. No network: the fetch behind the signer records what would be sent.
import { describe, expect, it } from 'vitest';
import { createMcpToolTransport, createSigV4Fetch } from '#harness/adapters/mcp/index.js';
import { verifySigV4 } from '../../support/sigv4.js';

const ROLE = { accessKeyId: 'ASIAREFUNDSTEP000001', secretAccessKey: 'refund-step-role-secret-key-0000000000001', sessionToken: 'refund-step-session-token' };
const secrets = (id: string) => (id === ROLE.accessKeyId ? ROLE : undefined);
const URL_OF_MCP = 'https://f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6.lambda-url.eu-west-1.on.aws/mcp';
const AT = new Date('2026-11-30T12:00:00Z');
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'refund_create', arguments: { orderId: 'gid://shopify/Order/1001' } },
});

/** A signing fetch whose requests are kept, as they would leave, instead of sent. */
function recordingSigner(now = () => AT) {
  const sent: Request[] = [];
  const signed = createSigV4Fetch({
    region: 'eu-west-1',
    credentials: ROLE,
    now,
    fetch: async (input, init) => {
      sent.push(new Request(input, init));
      return new Response(null, { status: 401 });
    },
  });
  return { signed, sent };
}

async function check(request: Request, change: { body?: string; url?: string } = {}) {
  const body = change.body === undefined ? new Uint8Array(await request.clone().arrayBuffer()) : new TextEncoder().encode(change.body);
  return verifySigV4({ method: request.method, url: change.url ?? request.url, headers: request.headers, body }, secrets);
}

describe('SigV4 signing of MCP requests', () => {
  it("signs a tool call as the function's role, for lambda in its region, over the host, the body's hash and the MCP headers", async () => {
    const { signed, sent } = recordingSigner();

    await signed(URL_OF_MCP, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: CALL });

    const [request] = sent;
    expect(request!.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAREFUNDSTEP000001\/20261130\/eu-west-1\/lambda\/aws4_request, /);
    expect(request!.headers.get('x-amz-date')).toBe('20261130T120000Z');
    expect(request!.headers.get('x-amz-security-token')).toBe(ROLE.sessionToken);
    expect(await request!.clone().text()).toBe(CALL);
    const verdict = await check(request!);
    expect(verdict).toMatchObject({ ok: true, region: 'eu-west-1', service: 'lambda' });
    expect(verdict.ok && verdict.signedHeaders).toEqual(
      expect.arrayContaining(['host', 'content-type', 'accept', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token']),
    );
  });

  it('fails the check when the body or the target changes after signing', async () => {
    const { signed, sent } = recordingSigner();
    await signed(URL_OF_MCP, { method: 'POST', headers: { 'content-type': 'application/json' }, body: CALL });

    expect(await check(sent[0]!, { body: CALL.replace('1001', '1002') })).toMatchObject({ ok: false });
    expect(await check(sent[0]!, { url: URL_OF_MCP.replace('/mcp', '/other') })).toMatchObject({ ok: false });
    expect(await check(sent[0]!)).toMatchObject({ ok: true });
  });

  it('gives another body another signature, at the same instant with the same role', async () => {
    const { signed, sent } = recordingSigner();
    await signed(URL_OF_MCP, { method: 'POST', body: CALL });
    await signed(URL_OF_MCP, { method: 'POST', body: CALL.replace('1001', '1002') });

    const signatureOf = (r: Request) => /Signature=([0-9a-f]+)/.exec(r.headers.get('authorization') ?? '')?.[1];
    expect(signatureOf(sent[0]!)).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureOf(sent[1]!)).not.toBe(signatureOf(sent[0]!));
  });

  it('signs what the MCP client sends through the transport, and presents no bearer token', async () => {
    const sent: Request[] = [];
    const tools = createMcpToolTransport({
      url: URL_OF_MCP,
      serverId: 'refund-agent-mcp',
      credentials: { kind: 'sigv4', region: 'eu-west-1', credentials: ROLE, now: () => AT },
      fetch: async (input, init) => {
        sent.push(new Request(input, init));
        return new Response(null, { status: 403 });
      },
    });

    // Lambda refuses a signer it does not allow: the harness reads it as not_authorized.
    expect(await tools.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(await check(request)).toMatchObject({ ok: true, service: 'lambda' });
      expect(request.headers.get('authorization')).not.toMatch(/^Bearer/i);
    }
  });

  it('the checker itself accepts the published AWS example (get-vanilla) and nothing else', () => {
    const example = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
    const headers = (signature: string) =>
      new Headers({
        host: 'example.amazonaws.com',
        'x-amz-date': '20150830T123600Z',
        authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`,
      });
    const request = (signature: string) => ({ method: 'GET', url: 'https://example.amazonaws.com/', headers: headers(signature), body: new Uint8Array() });

    expect(verifySigV4(request('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'), () => example)).toMatchObject({ ok: true });
    expect(verifySigV4(request('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf32'), () => example)).toMatchObject({ ok: false });
  });
});
