import { AsyncLocalStorage } from 'async_hooks';
import { Context, context, ContextManager, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { RecordedEvent } from '../event-store/event-store.port';
import { Conflict, NotFound } from '../ddd/errors';
import { traceMetadata, Tracing } from './tracing-context';
import { ProjectionBatchSpan, streamCategory, traceCommand } from './tracing-spans';

/** The context manager the Node SDK registers, in miniature: the active context follows async calls. */
class AsyncContext implements ContextManager {
  private readonly store = new AsyncLocalStorage<Context>();
  active = () => this.store.getStore() ?? ROOT_CONTEXT;
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.store.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable = () => this;
  disable = () => this;
}

const exporter = new InMemorySpanExporter();
const ended = (name?: string): ReadableSpan[] => exporter.getFinishedSpans().filter((s) => !name || s.name === name);
const event = (position: number, traceparent?: string): RecordedEvent => ({
  id: `e${position}`,
  type: 'SpaceUpdated',
  data: {},
  stream: 'spaces.space-s1',
  revision: position,
  position,
  metadata: {
    actor: null,
    occurredAt: '2026-01-01T00:00:00.000Z',
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
    ...(traceparent ? { traceparent } : {}),
  },
});
const W1 = `00-${'a'.repeat(32)}-${'1'.repeat(16)}-01`;
const W2 = `00-${'b'.repeat(32)}-${'2'.repeat(16)}-01`;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncContext());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());
afterEach(() => Tracing.enable(false));

describe('streamCategory', () => {
  it.each([
    ['spaces.space-Ab3dE', 'spaces.space'],
    ['content.change-request-Ab3dE', 'content.change'],
    ['identity.email-jane-doe@example.com', 'identity.email'],
    ['organizations.presence-org1-user-2', 'organizations.presence'],
    ['git-sync.space-Ab3dE', 'git-sync.space'],
    ['platform.content-signing-keys', 'platform.content'],
    ['nodash', 'nodash'],
  ])('%s → %s (never a part of the id)', (stream, category) => expect(streamCategory(stream)).toBe(category));
});

describe('traceCommand', () => {
  it('off: runs the command with no span and writes no traceparent', async () => {
    const seen = await traceCommand('spaces.space-s1', 'UpdateSpace', async (span) => ({ span, meta: traceMetadata() }));
    expect(seen).toEqual({ span: undefined, meta: {} });
    expect(ended()).toEqual([]);
  });

  it('on: a child of the active span with the category, the event types, the expected revision; events get its traceparent', async () => {
    Tracing.enable();
    const parent = Tracing.tracer().startSpan('PATCH /v1/spaces/:spaceId');
    const meta = await context.with(trace.setSpan(ROOT_CONTEXT, parent), () =>
      traceCommand('spaces.space-s1', 'UpdateSpace', async (span) => {
        span!.retried();
        span!.appended(['SpaceUpdated'], 3, 42);
        return traceMetadata();
      }),
    );
    parent.end();
    const [command] = ended('command UpdateSpace');
    expect(command.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(command.attributes).toEqual({
      'docs.stream_category': 'spaces.space',
      'docs.command': 'UpdateSpace',
      'docs.events.appended': ['SpaceUpdated'],
      'docs.expected_revision': '3',
      'docs.position': 42,
      'docs.outcome': 'appended',
      'docs.attempts': 2,
    });
    expect(meta).toEqual({ traceparent: `00-${command.spanContext().traceId}-${command.spanContext().spanId}-01` });
  });

  it('a command built from the state is named once built; an append without a command by its category', async () => {
    Tracing.enable();
    await traceCommand('content.change-request-x', undefined, async (span) => span!.named('MergeChangeRequest'));
    await traceCommand('audit.webhook-deliveries-o1', undefined, async (span) => span!.unchanged(), 'append');
    expect(ended().map((s) => [s.name, s.attributes['docs.command']])).toEqual([
      ['command MergeChangeRequest', 'MergeChangeRequest'],
      ['append audit.webhook', undefined],
    ]);
    expect(ended('append audit.webhook')[0].attributes).toMatchObject({ 'docs.events.appended': [], 'docs.outcome': 'unchanged' });
  });

  it.each([
    { what: 'a refused command (404)', error: new NotFound('Space "s1" not found'), outcome: 'refused', status: SpanStatusCode.UNSET },
    { what: 'a lost race (409)', error: new Conflict('Concurrent modification'), outcome: 'conflict', status: SpanStatusCode.ERROR },
    { what: 'an unexpected error', error: new TypeError('boom'), outcome: 'failed', status: SpanStatusCode.ERROR },
  ])('$what ends the span as $outcome, without the message', async ({ error, outcome, status }) => {
    Tracing.enable();
    await expect(traceCommand('spaces.space-s1', 'UpdateSpace', () => Promise.reject(error))).rejects.toBe(error);
    const [span] = ended();
    expect(span.attributes).toMatchObject({ 'docs.outcome': outcome, 'error.type': error.name });
    expect(span.status).toEqual({ code: status });
    expect(span.events).toEqual([]);
  });
});

describe('ProjectionBatchSpan', () => {
  it('off: none', () => {
    expect(ProjectionBatchSpan.begin('spaces')).toBeUndefined();
  });

  it('a batch that applies nothing makes no span', () => {
    Tracing.enable();
    ProjectionBatchSpan.begin('spaces')!.end();
    expect(ended()).toEqual([]);
  });

  it('the root of its own trace, linked once to each write, with the positions and count; what it runs is its child', async () => {
    Tracing.enable();
    const request = Tracing.tracer().startSpan('request');
    const batch = ProjectionBatchSpan.begin('spaces')!;
    await context.with(trace.setSpan(ROOT_CONTEXT, request), async () => {
      for (const e of [event(7, W1), event(8, W1), event(9), event(11, W2)]) await batch.apply(e, async () => undefined);
      await batch.apply(event(12, W2), async () => Tracing.tracer().startSpan('command FromSaga').end());
    });
    batch.end();
    request.end();
    const [span] = ended('projection spaces');
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.spanContext().traceId).not.toBe(request.spanContext().traceId);
    expect(span.links.map((l) => l.context.traceId)).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect(span.attributes).toEqual({
      'docs.projection': 'spaces',
      'docs.batch.first_position': 7,
      'docs.batch.last_position': 12,
      'docs.batch.events': 5,
      'docs.batch.writes_linked': 2,
    });
    expect(ended('command FromSaga')[0].parentSpanContext?.spanId).toBe(span.spanContext().spanId);
  });
});
