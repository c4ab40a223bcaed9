import type { AuditEventSource, AuditFilter, PositionedAuditEvent } from '../../ports';
import { resumeToken } from '../domain/resume-token';
import type { AuditProgress } from './audit-progress';

/** Where a stream writes its frames: false from `write` means "wait for `drained` before more". */
export interface FeedSink {
  write(frame: string): boolean;
  drained(): Promise<void>;
}

export interface FeedStreamSpec {
  organizationId: string;
  filter: AuditFilter;
  /** The global position the stream starts after: a resume token's, or the head when it opened. */
  after: number;
  /** Events read per round trip to the audit log. */
  batchSize?: number;
}

/** One SSE event: `id` the resume token, `event` the action id, `data` the audit event on one line. */
export function eventFrame(organizationId: string, e: PositionedAuditEvent): string {
  // JSON.stringify escapes line breaks inside strings; an action id never holds one, but a frame must not break.
  const action = e.event.action.replace(/[\r\n]/g, ' ');
  return `id: ${resumeToken(organizationId, e.position)}\nevent: ${action}\ndata: ${JSON.stringify(e.event)}\n\n`;
}

/**
 * Pumps one organization's audit events into one SSE response, oldest first, from `after` on.
 * Reads a batch, writes it (waiting for the socket to drain, so a slow client holds its own
 * reads back instead of filling memory), and when the log has nothing more waits for the audit
 * log to move. It keeps `scanned`, the position up to which it has seen every matching event:
 * the audit log's checkpoint read before a short batch, so events of other organizations and
 * events the filter excludes are not read again on every wake-up.
 */
export class FeedStream {
  private readonly abort = new AbortController();
  private readonly batchSize: number;

  constructor(
    private readonly source: AuditEventSource,
    private readonly progress: AuditProgress,
    private readonly spec: FeedStreamSpec,
    private readonly sink: FeedSink,
  ) {
    this.batchSize = spec.batchSize ?? 100;
  }

  get closed(): boolean {
    return this.abort.signal.aborted;
  }

  /** Runs until `close()`; rejects when the audit log cannot be read (the caller ends the response). */
  async run(): Promise<void> {
    const { organizationId, filter } = this.spec;
    let scanned = this.spec.after;
    while (!this.closed) {
      const applied = await this.source.appliedPosition();
      const batch = await this.source.after(organizationId, scanned, this.batchSize, filter);
      for (const e of batch) {
        if (this.closed) return;
        scanned = e.position;
        // The source answers for this organization only; checked again because a leak here would cross tenants.
        if (e.organizationId !== organizationId) continue;
        if (!this.sink.write(eventFrame(organizationId, e))) await this.sink.drained();
      }
      if (batch.length < this.batchSize) {
        scanned = Math.max(scanned, applied);
        await this.progress.next(scanned, this.abort.signal);
      }
    }
  }

  close(): void {
    this.abort.abort();
  }
}
