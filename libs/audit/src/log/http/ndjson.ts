import type { Request, Response } from 'express';
import { once } from 'events';

/**
 * Streams objects as NDJSON, one line each, as the generator yields them: waits for `drain`
 * when the socket's buffer is full (the client sets the pace; memory holds one batch), and
 * stops reading when the client goes away.
 */
export async function writeNdjson(req: Request, res: Response, items: AsyncGenerator<unknown>): Promise<void> {
  let closed = false;
  const onClose = () => (closed = true);
  res.on('close', onClose);
  res.status(200).setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  try {
    for await (const item of items) {
      if (closed) break;
      if (!res.write(`${JSON.stringify(item)}\n`)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  } finally {
    await items.return(undefined);
    res.off('close', onClose);
    if (!closed) res.end();
  }
}
