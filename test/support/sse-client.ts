import * as http from 'http';

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * A streaming HTTP client for server-sent events (node http, no EventSource): parses frames as
 * they arrive per the HTML standard (fields `id`, `event`, `data`; `:` comment lines), keeps the
 * raw text for searches, and resolves `ended` when the server closes the stream.
 */
export class SseStream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  raw = '';
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  /** The body of a non-200 answer (JSON error). */
  body: unknown;
  readonly ended: Promise<void>;
  private buffer = '';
  private request!: http.ClientRequest;
  private endedResolve!: () => void;
  private readonly listeners = new Set<() => void>();

  private constructor() {
    this.ended = new Promise((r) => (this.endedResolve = r));
  }

  /** Opens `url`; resolves once the answer's head (and, for an error, its body) has arrived. */
  static open(url: string, headers: Record<string, string>): Promise<SseStream> {
    const s = new SseStream();
    return new Promise((resolve, reject) => {
      s.request = http.get(url, { headers, agent: false }, (res) => {
        s.status = res.statusCode ?? 0;
        s.headers = res.headers;
        res.setEncoding('utf8');
        if (s.status !== 200) {
          let text = '';
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            s.body = text ? JSON.parse(text) : undefined;
            s.endedResolve();
            resolve(s);
          });
          return;
        }
        res.on('data', (chunk: string) => s.receive(chunk));
        res.on('close', () => {
          s.endedResolve();
          s.notify();
        });
        resolve(s);
      });
      s.request.on('error', (e) => {
        s.endedResolve();
        if (!s.status) reject(e);
      });
    });
  }

  /** Resolves once `condition` holds (re-checked on every frame); fails after `ms`. */
  until(condition: (s: SseStream) => boolean, ms = 10_000): Promise<void> {
    if (condition(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`SSE condition not reached within ${ms} ms; ${this.events.length} events so far`));
      }, ms);
      const check = () => {
        if (!condition(this)) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      this.listeners.add(check);
    });
  }

  /** The client goes away (the server sees the connection close). */
  close(): Promise<void> {
    this.request.destroy();
    return this.ended;
  }

  get lastId(): string | undefined {
    return this.events[this.events.length - 1]?.id;
  }

  private receive(chunk: string): void {
    this.raw += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const [field, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') {
          event.data = hasData ? `${event.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (hasData) this.events.push(event);
    }
    this.notify();
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}
