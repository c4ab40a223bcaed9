import * as fs from 'fs';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { RecordedEvent, SqliteEventStore } from '@app/platform';
import { cliProcess, request, startServerProcess, tempDataDir } from '../support/server-process';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';

/**
 * OpenTelemetry traces of the real server process, exported to a local OTLP/HTTP receiver: one
 * PATCH with an incoming `traceparent` gives the request span (in the caller's trace, named by
 * its route), the command span below it with the event types it appended, and the projection
 * batches that applied those events, linked to the write. Graceful shutdown exports what is
 * buffered, so the test reads the spans once the process has exited (no waiting on timers).
 */

const SERVER = 2;

async function bootstrap(dataDir: string) {
  const [{ organizationId, token }] = await cliProcess(dataDir, 'bootstrap', '--org', 'Traced Org', '--email', 'trace@example.com', '--name', 'Tracer');
  return { organizationId: organizationId as string, token: token as string };
}

/** Creates a space, then renames it with one PATCH carrying `traceparent`; stops the server (SIGTERM). */
async function onePatch(env: Record<string, string>, traceparent: string) {
  const dataDir = tempDataDir();
  const { organizationId, token } = await bootstrap(dataDir);
  const server = await startServerProcess(dataDir, env);
  try {
    const auth = { authorization: `Bearer ${token}` };
    const created = await request(server.baseUrl, 'POST', `/v1/orgs/${organizationId}/spaces`, auth, { title: 'Before' });
    expect(created.status).toBe(201);
    const spaceId = created.body.id as string;
    const patched = await request(server.baseUrl, 'PATCH', `/v1/spaces/${spaceId}`, { ...auth, traceparent }, { title: 'After' });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('After');
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toEqual({ code: 0, signal: null });
  const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  const events = await store.readAll();
  await store.close();
  return { dataDir, organizationId, events, output: server.output() };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('OpenTelemetry traces of the server process (e2e)', () => {
  let receiver: OtlpReceiver;
  const dirs: string[] = [];
  beforeEach(async () => {
    receiver = await startOtlpReceiver();
  });
  afterEach(() => receiver.close());
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('one PATCH, from request to projection: request span in the caller trace, command span below it, projection batches linked to it', async () => {
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const run = await onePatch(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'docs-api-under-test',
      },
      `00-${traceId}-${callerSpanId}-01`,
    );
    dirs.push(run.dataDir);
    const spans = receiver.spans();
    expect(receiver.requests().every((r) => r.path === '/v1/traces' && r.contentType.startsWith('application/json'))).toBe(true);
    expect(new Set(spans.map((s) => s.resource['service.name']))).toEqual(new Set(['docs-api-under-test']));

    // The request: continues the caller's trace, named by its route template.
    const inTrace = spans.filter((s) => s.traceId === traceId);
    const requestSpan = inTrace.find((s) => s.kind === SERVER);
    expect(requestSpan).toMatchObject({
      parentSpanId: callerSpanId,
      name: 'PATCH /v1/spaces/:spaceId',
      attributes: expect.objectContaining({ 'http.route': '/v1/spaces/:spaceId', 'http.request.method': 'PATCH', 'http.response.status_code': 200 }),
    });

    // The command: a descendant of the request span, with the stream's category and what it appended.
    const byId = new Map(inTrace.map((s) => [s.spanId, s]));
    const descendsFrom = (s: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      for (let p = s.parentSpanId; p; p = byId.get(p)?.parentSpanId) if (p === ancestor.spanId) return true;
      return false;
    };
    const commands = inTrace.filter((s) => s.name.startsWith('command '));
    expect(commands).toHaveLength(1);
    const [command] = commands;
    expect(descendsFrom(command, requestSpan!)).toBe(true);
    expect(command.attributes).toMatchObject({
      'docs.stream_category': 'spaces.space',
      'docs.events.appended': ['SpaceUpdated'],
      'docs.outcome': 'appended',
      'docs.expected_revision': '0',
    });
    expect(command.name).toBe(`command ${String(command.attributes['docs.command'])}`);

    // The event: its metadata names the command span of that trace.
    const updated = run.events.filter((e: RecordedEvent) => e.type === 'SpaceUpdated');
    expect(updated).toHaveLength(1);
    expect(updated[0].metadata.traceparent).toBe(`00-${traceId}-${command.spanId}-01`);
    expect(command.attributes['docs.position']).toBe(updated[0].position);

    // The projection batches that applied it: their own traces, linked to the write.
    const batches = spans.filter((s) => s.name.startsWith('projection ') && s.links.some((l) => l.traceId === traceId && l.spanId === command.spanId));
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches) {
      expect(b.name).toBe(`projection ${String(b.attributes['docs.projection'])}`);
      expect(b.attributes['docs.batch.first_position']).toBeLessThanOrEqual(updated[0].position);
      expect(b.attributes['docs.batch.last_position']).toBeGreaterThanOrEqual(updated[0].position);
      expect(b.attributes['docs.batch.events']).toBeGreaterThanOrEqual(1);
    }

    // No span name carries an id (the organization's, the space's).
    const spaceId = updated[0].stream.slice('spaces.space-'.length);
    expect(spans.filter((s) => s.name.includes(spaceId) || s.name.includes(run.organizationId)).map((s) => s.name)).toEqual([]);
  });

  it('off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is exported, even with the traces endpoint set, and events carry no traceparent', async () => {
    // Were the SDK loaded, these would send its spans to the receiver.
    const run = await onePatch(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      `00-${hex(16)}-${hex(8)}-01`,
    );
    dirs.push(run.dataDir);
    expect(receiver.requests()).toEqual([]);
    expect(run.events.length).toBeGreaterThan(0);
    expect(run.events.filter((e) => 'traceparent' in e.metadata)).toEqual([]);
  });
});
