import { getHeapSpaceStatistics, setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

/**
 * Two adaptations of pdfkit's buffering that keep a long PDF's memory flat. Measured on the
 * 500-page benchmark, in the server: without them the heap grew by ~45 MB of garbage the old
 * generation collected only late, and small output buffers pinned ~15 MB of 8 KB pool slabs.
 */

/** The part of pdfkit's PDFReference (a page's content stream) used here. */
interface ContentStream {
  write(chunk: string | Uint8Array): void;
  finalize(): void;
}

/**
 * pdfkit turns every content operator (BT, Tf, TJ, re, …) into its own small Uint8Array, kept
 * until the page ends: thousands per page, promoted to the old generation before they die.
 * Here a page's operators are gathered into one string and given to pdfkit as one chunk when
 * a binary chunk comes or the page ends: the same bytes (pdfkit writes each operator followed
 * by a newline, as this does). If pdfkit's internals ever differ, pages keep pdfkit's own path.
 */
export function batchContentWrites(page: unknown): boolean {
  const content = (page as { content?: Partial<ContentStream> } | undefined)?.content;
  if (typeof content?.write !== 'function' || typeof content.finalize !== 'function') return false;
  const stream = content as ContentStream;
  const write = stream.write.bind(stream);
  const finalize = stream.finalize.bind(stream);
  let pending = '';
  const flush = () => {
    // pdfkit appends the newline after each chunk itself.
    if (pending) write(pending.slice(0, -1));
    pending = '';
  };
  stream.write = (chunk) => {
    if (typeof chunk === 'string') pending += `${chunk}\n`;
    else {
      flush();
      write(chunk);
    }
  };
  stream.finalize = () => {
    flush();
    finalize();
  };
  return true;
}

/**
 * The document's bytes once it ends. pdfkit emits one small Buffer per PDF token run, most
 * sliced from Node's shared 8 KB pools: kept to the end, they would pin the pools. They are
 * copied into one buffer per 256 KB as they come, so the small ones die young.
 */
export function collectOutput(doc: NodeJS.EventEmitter): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done: Buffer[] = [];
    let pending: Buffer[] = [];
    let size = 0;
    const compact = () => {
      if (pending.length) done.push(Buffer.concat(pending, size));
      pending = [];
      size = 0;
    };
    doc.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      size += chunk.length;
      if (size >= 256 * 1024) compact();
    });
    doc.on('end', () => {
      compact();
      resolve(Buffer.concat(done));
    });
    doc.on('error', reject);
  });
}

/**
 * A full garbage collection whenever the old generation has grown by `stepMb` since the last one, asked
 * between pages. Laying out a page makes short-lived objects (the page's parsed document, its
 * lines, pdfkit's operators) that survive a scavenge or two while the page is drawn; V8 then
 * promotes them and lets the old generation grow without a full collection for the whole
 * document (measured on the 500-page benchmark: from 26 to 94 MB of mostly garbage, and the
 * process's resident set by ~95 MB). Collecting at each step keeps the peak near the live
 * size. The collector is reached the way `--expose-gc` exposes it, set at run time; where
 * that is refused, nothing is collected and only the memory figure suffers.
 */
export function heapPacer(stepMb: number): () => void {
  const collect = garbageCollector();
  if (!collect) return () => undefined;
  const step = stepMb * 1024 * 1024;
  let mark = promoted();
  return () => {
    if (promoted() - mark < step) return;
    collect();
    mark = promoted();
  };
}

/** Bytes in the old generation: what grows by promotion (the young generation is collected by scavenges anyway). */
function promoted(): number {
  let used = 0;
  for (const s of getHeapSpaceStatistics()) if (s.space_name === 'old_space') used += s.space_used_size;
  return used;
}

let gcFunction: (() => void) | null | undefined;
function garbageCollector(): (() => void) | null {
  if (gcFunction !== undefined) return gcFunction;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (gcFunction = exposed);
  try {
    setFlagsFromString('--expose-gc');
    const fn: unknown = runInNewContext('gc');
    gcFunction = typeof fn === 'function' ? (fn as () => void) : null;
  } catch {
    gcFunction = null;
  }
  return gcFunction;
}
