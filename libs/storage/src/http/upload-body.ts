import type { Request } from 'express';
import { BadRequest, DomainError } from '@app/platform';

/**
 * Reads a raw request body of at most `limit` bytes. A body that declares more (Content-Length)
 * is refused before a byte is read; one that turns out longer (chunked) is refused as soon as it
 * passes the limit, and the rest is discarded. Node drains what the client still sends, so the
 * client gets to read the answer.
 */
export function readUploadBody(req: Request, limit: number, tooLarge: () => DomainError): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, size)));
    req.once('error', () => reject(new BadRequest('body: the upload was interrupted before its end')));
  });
}
