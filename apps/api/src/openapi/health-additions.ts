import { Document, ensureComponent, markOwn } from './additions-document';

const check = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'failed'] }, message: { type: 'string' } },
  required: ['status'],
  additionalProperties: true,
};
const integer = { type: 'integer' };

const READY = {
  type: 'object',
  description: 'Each check and the progress of each projection; `status: unavailable` (503) names the failed checks in `failed` and `error.message`.',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    error: { type: 'object', properties: { code: { type: 'integer', enum: [503] }, message: { type: 'string' } }, required: ['code', 'message'] },
    failed: { type: 'array', items: { type: 'string', enum: ['eventStore', 'readStore', 'projections', 'shutdown'] } },
    checks: {
      type: 'object',
      properties: {
        eventStore: { ...check, properties: { ...check.properties, headPosition: integer } },
        readStore: check,
        projections: { ...check, properties: { ...check.properties, maxLagEvents: integer } },
        shutdown: check,
      },
      required: ['eventStore', 'readStore', 'projections', 'shutdown'],
    },
    projections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          kind: { type: 'string', enum: ['projection', 'saga'] },
          servesQueries: { type: 'boolean', description: 'Whether read-your-writes waits for it (only these count for readiness).' },
          position: integer,
          head: integer,
          lag: { type: 'integer', description: 'Events of the store after its checkpoint.' },
          eventsPerSecond: { type: 'number' },
          etaSeconds: { type: 'number' },
        },
        required: ['name', 'kind', 'servesQueries', 'position', 'head', 'lag'],
      },
    },
    load: {
      type: 'object',
      description: 'The admission queue (load shedding).',
      properties: {
        inFlight: integer,
        queued: integer,
        eventLoopDelayMs: integer,
        startsPerSecond: integer,
        maxQueued: integer,
        shed: integer,
        shedBy: { type: 'object', additionalProperties: integer },
        shuttingDown: { type: 'boolean' },
      },
    },
  },
  required: ['status', 'failed', 'checks', 'projections', 'load'],
};

/**
 * The probes (outside /v1, no token, never rate limited or shed): their bodies, which the
 * controller returns untyped. Only the operations the builder found are described, so a probe
 * that is gone is not invented here.
 */
export function addHealth(doc: Document): void {
  const live = doc.paths['/health/live']?.get;
  const ready = doc.paths['/health/ready']?.get;
  if (live) {
    const schema = ensureComponent(
      doc,
      'schemas',
      'HealthLive',
      markOwn({ type: 'object', properties: { status: { type: 'string', enum: ['ok'] } }, required: ['status'] }),
    );
    live.description = 'Liveness: the process is up and its event loop answers. No token; never rate limited or shed.';
    (live.responses ??= {})['200'] = markOwn({ description: 'Alive.', content: { 'application/json': { schema } } });
    markOwn(live);
  }
  if (ready) {
    const schema = ensureComponent(doc, 'schemas', 'HealthReady', markOwn(structuredClone(READY)));
    ready.description =
      'Readiness: both stores answer, every projection that serves queries is at most READY_MAX_LAG_EVENTS behind the head, and the server is not shutting down. No token; never rate limited or shed.';
    const responses = (ready.responses ??= {});
    responses['200'] = markOwn({ description: 'Ready to serve traffic.', content: { 'application/json': { schema } } });
    responses['503'] = markOwn({
      description: 'Not ready (the same body, `status: unavailable`, with the reference error beside it).',
      content: { 'application/json': { schema } },
    });
    markOwn(ready);
  }
}
