import { context, Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ExpectedRevision, RecordedEvent } from '../event-store/event-store.port';
import { Conflict, DomainError } from '../ddd/errors';
import { linkToWrite, NO_TRACE, Tracing } from './tracing-context';

/**
 * A stream's category: the stream name up to the first '-' after its context prefix, as
 * EventStoreDB's `$by_category` cuts it (`spaces.space-<id>` → `spaces.space`,
 * `content.change-request-<id>` → `content.change`). Cutting at the first '-' keeps ids out even
 * when they hold a '-' themselves (emails, composite keys): a span attribute must not carry them.
 */
export function streamCategory(stream: string): string {
  const dot = stream.indexOf('.');
  const dash = stream.indexOf('-', dot + 1);
  return dash < 0 ? stream : stream.slice(0, dash);
}

/** What a command's span learns while the command runs (EventSourcing calls these). */
export interface CommandSpan {
  /** The command's type, once known (a command built from the loaded state has none before). */
  named(commandType: string): void;
  appended(eventTypes: string[], expected: ExpectedRevision, position: number): void;
  /** The decider decided nothing: nothing appended. */
  unchanged(): void;
  /** A concurrent writer won: the command runs again on fresh state. */
  retried(): void;
}

/** How a failed command ended, without its message (messages may quote what callers sent). */
function failed(span: Span, e: unknown): void {
  const outcome = e instanceof Conflict ? 'conflict' : e instanceof DomainError && e.status < 500 ? 'refused' : 'failed';
  span.setAttribute('docs.outcome', outcome);
  span.setAttribute('error.type', e instanceof Error ? e.name : typeof e);
  // A refused command is the caller's mistake, answered 4xx: the operation itself did not fail.
  if (outcome !== 'refused') span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * Runs one command (or one append) in a span of its own, a child of the active span (the
 * request's, or the projection batch's for a saga): `command <CommandType>` (or `<verb>
 * <stream category>` when the type is not known), with the stream's category, the event types
 * appended, the expected revision and the outcome. When tracing is off: just `run()`.
 */
export function traceCommand<T>(stream: string, commandType: string | undefined, run: (span?: CommandSpan) => Promise<T>, verb = 'command'): Promise<T> {
  if (!Tracing.enabled) return run();
  const category = streamCategory(stream);
  const attributes = { 'docs.stream_category': category, ...(commandType ? { 'docs.command': commandType } : {}) };
  return Tracing.tracer().startActiveSpan(`${verb} ${commandType ?? category}`, { attributes }, async (span) => {
    let attempts = 1;
    const handle: CommandSpan = {
      named: (type) => {
        span.updateName(`${verb} ${type}`);
        span.setAttribute('docs.command', type);
      },
      appended: (types, expected, position) => {
        span.setAttributes({
          'docs.events.appended': types,
          'docs.expected_revision': String(expected),
          'docs.position': position,
          'docs.outcome': 'appended',
        });
      },
      unchanged: () => void span.setAttributes({ 'docs.events.appended': [], 'docs.outcome': 'unchanged' }),
      retried: () => void span.setAttribute('docs.attempts', ++attempts),
    };
    try {
      return await run(handle);
    } catch (e: unknown) {
      failed(span, e);
      throw e;
    } finally {
      span.end();
    }
  });
}

/**
 * One projection (or saga) batch: `projection <name>`, the root of a trace of its own (a batch
 * may apply the events of many writes, and a rebuild those of writes long past) with a span link
 * to each distinct write its events name in their `traceparent`. Made at the first event the
 * runner handles, so the many batches that only skip events make no span; the commands a saga
 * sends while applying are its children.
 */
export class ProjectionBatchSpan {
  private span: Span | undefined;
  private readonly linked = new Set<string>();
  private first = 0;
  private last = 0;
  private count = 0;

  private constructor(private readonly name: string) {}

  /** Undefined when tracing is off. */
  static begin(name: string): ProjectionBatchSpan | undefined {
    return Tracing.enabled ? new ProjectionBatchSpan(name) : undefined;
  }

  /** Applies one event inside the batch's span. */
  apply<T>(event: RecordedEvent, fn: () => Promise<T>): Promise<T> {
    const span = (this.span ??= Tracing.tracer().startSpan(`projection ${this.name}`, { root: true, attributes: { 'docs.projection': this.name } }, NO_TRACE));
    const link = linkToWrite(event.metadata);
    if (link && !this.linked.has(event.metadata.traceparent!)) {
      this.linked.add(event.metadata.traceparent!);
      span.addLink(link);
    }
    if (this.count++ === 0) this.first = event.position;
    this.last = event.position;
    return context.with(trace.setSpan(NO_TRACE, span), fn);
  }

  end(): void {
    if (!this.span) return;
    this.span.setAttributes({
      'docs.batch.first_position': this.first,
      'docs.batch.last_position': this.last,
      'docs.batch.events': this.count,
      'docs.batch.writes_linked': this.linked.size,
    });
    this.span.end();
    this.span = undefined;
  }
}
