// A fetch that signs every request with AWS Signature V4 (@smithy/signature-v4, the AWS SDK's own
// signer) before sending it: how a step reaches the MCP server's function URL (AuthType AWS_IAM) as
// its own execution role. Method, host, path, query, the request's headers and a hash of the body
// are signed, so a changed body or target fails Lambda's check.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/** Static credentials or a provider (the default chain reads the role's in Lambda). */
export type SigV4Credentials = ConstructorParameters<typeof SignatureV4>[0]['credentials'];

export interface SigV4FetchOptions {
  region: string;
  credentials: SigV4Credentials;
  /** `lambda` for a function URL. */
  service?: string;
  /** The signing time; tests pin it. */
  now?: () => Date;
  /** Where the signed request goes (the global fetch by default). */
  fetch?: typeof fetch;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(new Uint8Array(data));

/** SHA-256 (and HMAC-SHA256 with a secret) from node:crypto, in the shape the signer asks for. */
class NodeSha256 {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }

  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }

  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }

  reset(): void {
    this.hash = this.fresh();
  }
}

/** The signer the fetch uses; exported so a test can recompute a signature the way AWS does. */
export function createSigner(options: Pick<SigV4FetchOptions, 'region' | 'credentials' | 'service'>): SignatureV4 {
  return new SignatureV4({ service: options.service ?? 'lambda', region: options.region, credentials: options.credentials, sha256: NodeSha256 });
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

export function createSigV4Fetch(options: SigV4FetchOptions): typeof fetch {
  const signer = createSigner(options);
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => (headers[name] = value));
    const signed = await signer.sign(
      {
        method: request.method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path: url.pathname,
        query: queryOf(url),
        headers,
        ...(body === undefined ? {} : { body }),
      },
      { signingDate: now() },
    );
    // fetch sets Host from the URL itself: the same value that was signed.
    const { host: _host, ...outgoing } = signed.headers;
    return send(url, { method: request.method, headers: outgoing, ...(body === undefined ? {} : { body }), signal: request.signal });
  };
}
