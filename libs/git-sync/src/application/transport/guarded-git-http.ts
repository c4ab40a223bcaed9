import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { OutboundHttp, OutboundSend } from '@app/platform';

/** A remote that could not be reached or refused us; the message names the URL without credentials. */
export class GitTransportError extends Error {
  constructor(
    message: string,
    readonly kind: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function collect(body: GitHttpRequest['body']): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  if (bytes.length) yield bytes;
}

/**
 * isomorphic-git's HTTP client over the platform's outbound client, so every request to a remote
 * passes the network guard (OUTBOUND_ALLOWED_HOSTS), its deadline (FETCH_TIMEOUT_MS), byte
 * limit (FETCH_MAX_BYTES: a pack larger than that is refused) and redirect bound. Credentials
 * travel only as the Authorization header isomorphic-git builds from `onAuth`; the outbound
 * client drops it on a redirect to another origin. A non-2xx answer is handed back as a status
 * (isomorphic-git turns 401 into its authentication flow); no answer at all is a GitTransportError.
 */
export function guardedGitHttp(outbound: OutboundHttp): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const send: OutboundSend = {
        purpose: 'git sync',
        method: method as OutboundSend['method'],
        headers,
        body: await collect(body),
        accept: headers.accept ?? headers.Accept ?? '*/*',
      };
      const r = await outbound.send(url, send);
      if (!r.ok) {
        if (r.kind === 'status' && r.status) return { url, method, statusCode: r.status, statusMessage: r.message, headers: {}, body: once(new Uint8Array()) };
        throw new GitTransportError(r.message, r.kind);
      }
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers)) {
        // The body arrives decompressed and whole: its encoding and length headers no longer apply.
        if (v === undefined || k === 'content-encoding' || k === 'content-length') continue;
        out[k] = Array.isArray(v) ? v.join(', ') : v;
      }
      return { url: r.url, method, statusCode: r.status, statusMessage: 'OK', headers: out, body: once(r.body) };
    },
  };
}
