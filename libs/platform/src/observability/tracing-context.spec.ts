import { ROOT_CONTEXT, SpanContext, trace, TraceFlags } from '@opentelemetry/api';
import { formatTraceparent, linkToWrite, parseTraceparent, traceMetadata, Tracing } from './tracing-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const sampled: SpanContext = { traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED };

describe('trace context in event metadata', () => {
  afterEach(() => Tracing.enable(false));

  it('formats a span context as a W3C traceparent and parses it back', () => {
    expect(formatTraceparent(sampled)).toBe(`00-${TRACE}-${SPAN}-01`);
    expect(formatTraceparent({ ...sampled, traceFlags: TraceFlags.NONE })).toBe(`00-${TRACE}-${SPAN}-00`);
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ ...sampled, isRemote: true });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ ...sampled, traceFlags: TraceFlags.NONE, isRemote: true });
  });

  it.each([
    ['not a string', 42],
    ['empty', ''],
    ['upper-case hex', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['another version', `ff-${TRACE}-${SPAN}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['a short span id', `00-${TRACE}-${SPAN.slice(1)}-01`],
    ['trailing text', `00-${TRACE}-${SPAN}-01-x`],
  ])('refuses %s', (_what, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
    expect(linkToWrite({ traceparent: value })).toBeUndefined();
  });

  it('tracing off: no traceparent, whatever span is active', () => {
    expect(traceMetadata(trace.setSpanContext(ROOT_CONTEXT, sampled))).toEqual({});
  });

  it('tracing on: the traceparent of the active span, none without one', () => {
    Tracing.enable();
    expect(traceMetadata(trace.setSpanContext(ROOT_CONTEXT, sampled))).toEqual({ traceparent: `00-${TRACE}-${SPAN}-01` });
    expect(traceMetadata(ROOT_CONTEXT)).toEqual({});
    expect(traceMetadata(trace.setSpanContext(ROOT_CONTEXT, { ...sampled, traceId: '0'.repeat(32) }))).toEqual({});
  });

  it('an event metadata with a traceparent links to that write', () => {
    expect(linkToWrite({ traceparent: `00-${TRACE}-${SPAN}-01` })).toEqual({ context: { ...sampled, isRemote: true } });
    expect(linkToWrite({})).toBeUndefined();
    expect(linkToWrite(undefined)).toBeUndefined();
  });
});
