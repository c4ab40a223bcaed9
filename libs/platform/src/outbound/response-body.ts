import type { IncomingMessage } from 'http';
import { pipeline, type Readable, type Transform } from 'stream';
import * as zlib from 'zlib';
import { OutboundRefusal, shownUrl } from './outbound-failure';

export interface BodyLimits {
  maxBytes: number;
  /** 'fail': a larger body is refused; 'truncate': the first maxBytes are kept, the rest never read. */
  overflow: 'fail' | 'truncate';
  /** Lower case ASCII marker (e.g. `</head`): reading stops with the chunk in which it arrived. */
  stopAfter?: string;
  /** Shown in the too-large message: the setting that set the limit. */
  limitName?: string;
}

function decoderFor(encoding: string): Transform | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}

/**
 * The body, decompressed, within `maxBytes` (also a compressed body that inflates past it). The
 * response is destroyed whatever happens, so an early stop closes the socket (agent: false) and
 * the server stops sending.
 */
export async function readBody(res: IncomingMessage, url: URL, limits: BodyLimits): Promise<{ body: Buffer; complete: boolean }> {
  const tooLarge = () =>
    new OutboundRefusal('too-large', `${shownUrl(url)} is larger than ${limits.maxBytes} bytes${limits.limitName ? ` (${limits.limitName})` : ''}`);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoder = decoderFor(encoding);
  if (!decoder && encoding !== 'identity') {
    res.destroy();
    throw new OutboundRefusal('encoding', `${shownUrl(url)} answered with an unsupported Content-Encoding "${encoding}"`);
  }
  // A declared length past the limit is refused before a byte is read.
  if (!decoder && limits.overflow === 'fail' && Number(res.headers['content-length']) > limits.maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  // pipeline, not pipe: an aborted response must fail the decoder too, or the read would hang.
  const stream: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  let tail = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = limits.maxBytes - size;
      if (chunk.length > room) {
        if (limits.overflow === 'fail') throw tooLarge();
        chunks.push(chunk.subarray(0, room));
        return { body: Buffer.concat(chunks), complete: false };
      }
      chunks.push(chunk);
      size += chunk.length;
      if (limits.stopAfter) {
        // The marker may straddle two chunks: look at the end of the previous one too.
        const text = tail + chunk.toString('latin1').toLowerCase();
        if (text.includes(limits.stopAfter)) return { body: Buffer.concat(chunks), complete: false };
        tail = text.slice(-limits.stopAfter.length);
      }
    }
    return { body: Buffer.concat(chunks), complete: true };
  } finally {
    res.destroy();
    decoder?.destroy();
  }
}
