// Test helper: checks an AWS Signature V4 the way the receiving service does, written out here from
// the specification with node:crypto (canonical request, string to sign, derived key), so it shares
// no code with the signer under test. Used by the transport's signing test and by the function URL
// stand-in of the MCP Lambda tests.
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Secret {
  accessKeyId: string;
  secretAccessKey: string;
}

export type SigV4Check =
  { ok: true; accessKeyId: string; region: string; service: string; signedHeaders: string[]; amzDate: string } | { ok: false; reason: string };

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The parts of the Authorization header, or null when it is not a SigV4 one. */
export function parseAuthorization(header: string | null): { accessKeyId: string; scope: string[]; signedHeaders: string[]; signature: string } | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    header ?? '',
  );
  if (!match) return null;
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  return { accessKeyId: accessKeyId!, scope: [date!, region!, service!], signedHeaders: signedHeaders!.split(';'), signature: signature! };
}

/**
 * Recomputes the signature of what arrived (method, URL, headers, body) with the secret of the
 * access key it names, and compares. `secrets` is the service's view of who holds which key.
 */
export function verifySigV4(
  request: { method: string; url: string; headers: Headers; body: Uint8Array },
  secrets: (accessKeyId: string) => SigV4Secret | undefined,
): SigV4Check {
  const auth = parseAuthorization(request.headers.get('authorization'));
  if (!auth) return { ok: false, reason: 'no SigV4 Authorization header' };
  const secret = secrets(auth.accessKeyId);
  if (!secret) return { ok: false, reason: 'unknown access key' };
  const amzDate = request.headers.get('x-amz-date') ?? '';
  const [date, region, service] = auth.scope as [string, string, string];
  if (!amzDate.startsWith(date)) return { ok: false, reason: 'x-amz-date outside the credential scope' };
  if (!auth.signedHeaders.includes('host')) return { ok: false, reason: 'host is not signed' };

  const url = new URL(request.url);
  const canonicalUri =
    url.pathname
      .split('/')
      .map((segment) => encode(encode(decodeURIComponent(segment))))
      .join('/') || '/';
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const valueOf = (name: string) => (name === 'host' ? (request.headers.get('host') ?? url.host) : (request.headers.get(name) ?? ''));
  const canonicalHeaders = auth.signedHeaders.map((name) => `${name}:${valueOf(name).trim().replace(/\s+/g, ' ')}\n`).join('');
  const payloadHash = sha256Hex(request.body);
  const declared = request.headers.get('x-amz-content-sha256');
  if (declared !== null && declared !== payloadHash) return { ok: false, reason: 'the body is not the one whose hash was signed' };
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, auth.signedHeaders.join(';'), payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  if (expected !== auth.signature) return { ok: false, reason: 'signature mismatch' };
  return { ok: true, accessKeyId: auth.accessKeyId, region, service, signedHeaders: auth.signedHeaders, amzDate };
}
