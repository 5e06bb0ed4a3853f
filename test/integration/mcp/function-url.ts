// Test helper: what Lambda does in front of a function URL with AuthType AWS_IAM, as a fetch. It
// checks the request's SigV4 signature (test/support/sigv4.ts), lets through only the principals
// allowed to invoke the URL (403 otherwise, as Lambda answers), and hands the function a payload v2
// event whose requestContext.authorizer.iam names the signer. No socket for the MCP hop.
import type { McpFunctionUrlEvent, McpLambdaHandler } from '#mcp/lambda.js';
import { verifySigV4 } from '../../support/sigv4.js';

export const FUNCTION_URL_HOST = 'f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6.lambda-url.eu-west-1.on.aws';
export const FUNCTION_URL = `https://${FUNCTION_URL_HOST}/mcp`;

/** A role session allowed to invoke the URL: its keys and the ARN Lambda reports for it. */
export interface Invoker {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** e.g. arn:aws:sts::123456789012:assumed-role/<role>/<function> */
  userArn: string;
}

/** A Lambda function's credentials: a session of its execution role, named after the function. */
export function roleSession(role: string, fn: string, n: number): Invoker {
  return {
    accessKeyId: `ASIA${String(n).padStart(16, '0')}`,
    secretAccessKey: `secret-of-${role}-${n}`.padEnd(40, '0'),
    sessionToken: `session-of-${role}`,
    userArn: `arn:aws:sts::123456789012:assumed-role/${role}/${fn}`,
  };
}

/** The event a function URL delivers, with the IAM identity of whoever signed (or none). */
export function functionUrlEvent(input: { method: string; headers: Record<string, string>; body?: string; signer?: Invoker | null }): McpFunctionUrlEvent {
  const signer = input.signer;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/mcp',
    rawQueryString: '',
    headers: { host: FUNCTION_URL_HOST, ...input.headers },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6',
      domainName: FUNCTION_URL_HOST,
      domainPrefix: 'f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6',
      http: { method: input.method, path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '30/Nov/2026:12:00:00 +0000',
      timeEpoch: 1_796_040_000_000,
      ...(signer
        ? {
            authorizer: {
              iam: {
                accessKey: signer.accessKeyId,
                accountId: '123456789012',
                callerId: `AROA000000000:${signer.userArn.split('/').pop()}`,
                cognitoIdentity: null,
                principalOrgId: null,
                userArn: signer.userArn,
                userId: 'AROA000000000',
              },
            },
          }
        : {}),
    },
    ...(input.body === undefined ? {} : { body: Buffer.from(input.body).toString('base64') }),
    isBase64Encoded: input.body !== undefined,
  } as McpFunctionUrlEvent;
}

/** A fetch that reaches `handler` the way a deployed step reaches the MCP function URL. */
export function functionUrlFetch(handler: McpLambdaHandler, invokers: readonly Invoker[]): typeof fetch {
  return async (url, init) => {
    const request = new Request(url, init);
    const body = new Uint8Array(await request.arrayBuffer());
    const headers = new Headers(request.headers);
    headers.set('host', new URL(request.url).host);
    const verdict = verifySigV4({ method: request.method, url: request.url, headers, body }, (id) => invokers.find((i) => i.accessKeyId === id));
    if (!verdict.ok || verdict.service !== 'lambda') return Response.json({ Message: 'Forbidden' }, { status: 403 });
    const signer = invokers.find((i) => i.accessKeyId === verdict.accessKeyId)!;
    const plain: Record<string, string> = {};
    headers.forEach((value, name) => (plain[name] = value));
    const text = request.method === 'GET' ? undefined : new TextDecoder().decode(body);
    const result = await handler(functionUrlEvent({ method: request.method, headers: plain, signer, ...(text === undefined ? {} : { body: text }) }));
    const status = result.statusCode ?? 200;
    return new Response(status === 202 || status === 204 ? null : (result.body ?? null), { status, headers: result.headers as Record<string, string> });
  };
}
