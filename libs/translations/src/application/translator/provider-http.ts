import * as http from 'http';
import * as https from 'https';
import { TranslatorFailed } from './translator.port';

export interface ProviderCall {
  url: URL;
  body: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Values that must never appear in a message (keys): replaced by `***`. */
  secrets: Array<string | null>;
  /** The provider as messages name it. */
  name: string;
}

/** Largest answer read from a provider. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A URL as messages show it: no credentials, no query. */
export const shownUrl = (u: URL) => `${u.protocol}//${u.host}${u.pathname}`;

export function redact(text: string, secrets: Array<string | null>): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('***');
  return out;
}

/**
 * POST of a JSON body to a provider, bounded in time (the whole exchange) and size; the
 * answer as JSON. Any failure is a TranslatorFailed naming the provider and what happened, with
 * its keys redacted; a non-2xx answer quotes the start of the provider's error.
 */
export function postJson(call: ProviderCall): Promise<unknown> {
  const text = JSON.stringify(call.body);
  const lib = call.url.protocol === 'https:' ? https : http;
  const fail = (what: string) => new TranslatorFailed(redact(`${call.name}: ${what}`, call.secrets));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(fail(`no complete answer within ${call.timeoutMs} ms (TRANSLATOR_TIMEOUT_MS)`));
    }, call.timeoutMs);
    const done = (f: () => void) => {
      clearTimeout(timer);
      f();
    };
    const req = lib.request(
      call.url,
      {
        method: 'POST',
        agent: false,
        headers: { ...call.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), accept: 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy();
            done(() => reject(fail(`answered more than ${MAX_ANSWER_BYTES} bytes`)));
          } else chunks.push(c);
        });
        res.on('error', (e) => done(() => reject(fail(`the answer broke off (${e.message})`))));
        res.on('end', () =>
          done(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) return reject(fail(`${shownUrl(call.url)} answered ${status}: ${excerpt(raw)}`));
            try {
              resolve(JSON.parse(raw));
            } catch {
              reject(fail(`${shownUrl(call.url)} answered ${status} with a body that is not JSON: ${excerpt(raw)}`));
            }
          }),
        );
      },
    );
    req.on('error', (e) => done(() => reject(fail(`cannot reach ${shownUrl(call.url)} (${e.message})`))));
    req.end(text);
  });
}

/** The start of a provider's answer, for a message: its `error` field when it is JSON. */
function excerpt(raw: string): string {
  let shown = raw;
  try {
    const body = JSON.parse(raw) as { error?: unknown };
    if (body && typeof body === 'object' && 'error' in body) {
      const e = body.error as { message?: unknown } | string;
      shown = typeof e === 'string' ? e : typeof e?.message === 'string' ? e.message : JSON.stringify(e);
    }
  } catch {
    /* not JSON: the text itself */
  }
  const flat = shown.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat || '(empty body)';
}
