import { Context, context, isSpanContextValid, Link, ROOT_CONTEXT, SpanContext, trace, TraceFlags, Tracer } from '@opentelemetry/api';

/**
 * Whether tracing is on (startTracing turned it on). The instrumented hot paths — every command,
 * every projection batch, every appended event — ask this first and do nothing more when off:
 * not even the API's no-op spans.
 */
let enabled = false;

export const Tracing = {
  get enabled(): boolean {
    return enabled;
  },
  /** Called by startTracing once the SDK is registered (and by tests). */
  enable(on = true): void {
    enabled = on;
  },
  tracer(): Tracer {
    return trace.getTracer('docs-platform-api');
  },
};

/** W3C trace context: version 00, 32 hex trace id, 16 hex span id, 2 hex flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The `traceparent` header value of a span context (W3C Trace Context, version 00). */
export function formatTraceparent(sc: SpanContext): string {
  return `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The span context a `traceparent` names; undefined for anything malformed or all-zero. */
export function parseTraceparent(value: unknown): SpanContext | undefined {
  if (typeof value !== 'string') return undefined;
  const m = TRACEPARENT.exec(value);
  if (!m) return undefined;
  const sc: SpanContext = { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16) & TraceFlags.SAMPLED, isRemote: true };
  return isSpanContextValid(sc) ? sc : undefined;
}

/** The `traceparent` of the span active in `ctx`, if there is a valid one. */
export function traceparentIn(ctx: Context): string | undefined {
  const sc = trace.getSpanContext(ctx);
  return sc && isSpanContextValid(sc) ? formatTraceparent(sc) : undefined;
}

const NONE: Readonly<{ traceparent?: string }> = Object.freeze({});

/**
 * What an appended event's metadata gets from the trace it is written in: the `traceparent` of
 * the active span (the command's, inside the request's trace), so the projection batches that
 * apply the event later can link back to the write. Nothing when tracing is off.
 */
export function traceMetadata(ctx?: Context): Readonly<{ traceparent?: string }> {
  if (!enabled) return NONE;
  const traceparent = traceparentIn(ctx ?? context.active());
  return traceparent ? { traceparent } : NONE;
}

/** A span link to the write an event's metadata names (undefined when it names none). */
export function linkToWrite(metadata: { traceparent?: unknown } | undefined): Link | undefined {
  const sc = parseTraceparent(metadata?.traceparent);
  return sc ? { context: sc } : undefined;
}

/** A context with no span in it: the root of a new trace. */
export const NO_TRACE = ROOT_CONTEXT;
