import { Controller, Delete, Get, INestApplication, Module, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiEventStream, ApiNdjsonAlternative, AsOfParams, ImmutableResource, PageAsOfParams, Public, RepresentedBy, ResourceStream } from '@app/platform';
import { addServiceAdditions } from './service-additions';
import { Document, findParameter, isRef, Operation, Response } from './additions-document';

/*
 * The additions on a small app: a document made by @nestjs/swagger from controllers that use
 * the platform's decorators, as the builder gets it, then completed by addServiceAdditions.
 */
@Controller('things')
class ThingsController {
  @Get(':thingId')
  @ResourceStream((p) => `things.thing-${p.thingId}`)
  get(@Param('thingId') _id: string, @Query() _q: AsOfParams) {}
  @Patch(':thingId')
  update() {}
  @Delete(':thingId')
  remove() {}
  @Put(':thingId/grants/:userId')
  @RepresentedBy(2)
  grant() {}
  @Post()
  create() {}
  @Get()
  list(@Query() _q: PageAsOfParams) {}
  @Get(':thingId/revisions/:revisionId')
  @ImmutableResource()
  revision() {}
  @Patch(':thingId/untagged/:x')
  untagged() {}
}

@Controller()
class OtherController {
  @Public()
  @Post('signin')
  signIn() {}
  @Get('orgs/:organizationId/audit-events')
  @ApiNdjsonAlternative('AuditEvent')
  audit() {}
  @Get('orgs/:organizationId/events')
  @ApiEventStream('The feed.', 'AuditEvent', 'too many streams')
  feed() {}
}

@Controller('health')
class ProbesController {
  @Public() @Get('live') live() {}
  @Public() @Get('ready') ready() {}
}

@Module({ controllers: [ThingsController, OtherController, ProbesController] })
class TestModule {}

describe('addServiceAdditions', () => {
  let app: INestApplication;
  let built: ReturnType<typeof SwaggerModule.createDocument>;
  let doc: Document;
  const op = (path: string, method: string): Operation => doc.paths[path][method];
  const header = (o: Operation, name: string) => findParameter(doc, o, name, 'header');
  const response = (o: Operation, status: string) => o.responses?.[status] as Response;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready'] });
    await app.init();
    // The builder marks public routes `security: []`; done by hand here.
    built = SwaggerModule.createDocument(app, new DocumentBuilder().setOpenAPIVersion('3.1.0').addBearerAuth().addSecurityRequirements('bearer').build());
    for (const path of ['/v1/signin', '/health/live', '/health/ready'])
      for (const o of Object.values(built.paths[path] as Record<string, Operation>)) o.security = [];
    doc = addServiceAdditions(built) as unknown as Document;
  });
  afterAll(() => app.close());

  it('documents ETag, If-None-Match and 304 on the GETs with ResourceStream or ImmutableResource', () => {
    for (const path of ['/v1/things/{thingId}', '/v1/things/{thingId}/revisions/{revisionId}']) {
      const get = op(path, 'get');
      expect(header(get, 'If-None-Match')).toMatchObject({ required: false, 'x-docs-platform': { own: true } });
      expect(response(get, '200').headers).toHaveProperty('ETag');
      expect(response(get, '304')).toMatchObject({ 'x-docs-platform': { own: true } });
    }
    expect(header(op('/v1/things', 'get'), 'If-None-Match')).toBeUndefined();
  });

  it('documents If-Match and 412 on the writes whose GET answers an ETag, and on RepresentedBy routes', () => {
    for (const [path, method] of [
      ['/v1/things/{thingId}', 'patch'],
      ['/v1/things/{thingId}', 'delete'],
      ['/v1/things/{thingId}/grants/{userId}', 'put'],
    ]) {
      const write = op(path, method);
      expect(header(write, 'If-Match')).toMatchObject({ 'x-docs-platform': { own: true } });
      expect(header(write, 'If-Match')!.description).toContain('never 428');
      expect(response(write, '412').headers).toHaveProperty('ETag');
    }
    // No GET with an ETag at its path, no RepresentedBy: nothing to compare with.
    expect(header(op('/v1/things/{thingId}/untagged/{x}', 'patch'), 'If-Match')).toBeUndefined();
    expect(op('/v1/things/{thingId}/untagged/{x}', 'patch').responses).not.toHaveProperty('412');
    expect(header(op('/v1/things', 'post'), 'If-Match')).toBeUndefined();
  });

  it('documents Idempotency-Key, 422 and Idempotent-Replayed on every write that needs a token', () => {
    for (const [path, method] of [
      ['/v1/things', 'post'],
      ['/v1/things/{thingId}', 'patch'],
      ['/v1/things/{thingId}', 'delete'],
      ['/v1/things/{thingId}/grants/{userId}', 'put'],
    ]) {
      const write = op(path, method);
      expect(write.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
      expect(write.responses?.['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
      const ok = Object.entries(write.responses ?? {}).filter(([s, r]) => s.startsWith('2') && !isRef(r));
      expect(ok.length).toBeGreaterThan(0);
      for (const [, r] of ok) expect((r as Response).headers).toHaveProperty('Idempotent-Replayed');
    }
    expect(doc.components?.parameters?.['Idempotency-Key']).toMatchObject({ in: 'header', schema: { maxLength: 255 }, 'x-docs-platform': { own: true } });
    // A public write has no caller to key the record to; reads are not idempotency-keyed.
    expect(header(op('/v1/signin', 'post'), 'Idempotency-Key')).toBeUndefined();
    expect(header(op('/v1/things', 'get'), 'Idempotency-Key')).toBeUndefined();
  });

  it('documents asOf with its rules and X-As-Of on the routes whose query DTO has it', () => {
    for (const path of ['/v1/things/{thingId}', '/v1/things']) {
      const get = op(path, 'get');
      const asOf = findParameter(doc, get, 'asOf', 'query');
      expect(asOf).toMatchObject({ required: false, schema: { type: 'string' }, 'x-docs-platform': { own: true } });
      expect(asOf!.description).toMatch(/ISO 8601 instant not in the future.*audit event/);
      expect(response(get, '200').headers).toHaveProperty('X-As-Of');
    }
    expect(findParameter(doc, op('/v1/things/{thingId}/revisions/{revisionId}', 'get'), 'asOf', 'query')).toBeUndefined();
  });

  it('gives every route X-Request-Id, every /v1 route 429 and X-RateLimit-*, every route but the probes 503', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const o of Object.values(item)) {
        expect(o.parameters).toContainEqual({ $ref: '#/components/parameters/X-Request-Id' });
        if (path.startsWith('/v1/')) {
          // The feed documents its own 429 (too many streams), beside the rate limit.
          expect(o.responses?.['429']).toEqual(
            path.endsWith('/events') ? expect.objectContaining({ 'x-docs-platform': { own: true } }) : { $ref: '#/components/responses/RateLimited' },
          );
          expect(o.responses?.['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
        } else expect(o.responses?.['429']).toBeUndefined();
      }
    }
    expect(response(op('/v1/things', 'get'), '200').headers).toMatchObject({ 'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' } });
    expect(doc.components?.responses?.RateLimited.headers).toHaveProperty('Retry-After');
  });

  it('keeps the NDJSON alternative and describes the change feed as server-sent events', () => {
    const list = response(op('/v1/orgs/{organizationId}/audit-events', 'get'), '200');
    expect(list.content?.['application/x-ndjson']).toMatchObject({ schema: { $ref: '#/components/schemas/AuditEvent' }, 'x-docs-platform': { own: true } });
    const feed = op('/v1/orgs/{organizationId}/events', 'get');
    expect(response(feed, '200').content?.['text/event-stream']).toMatchObject({
      schema: { properties: { data: { $ref: '#/components/schemas/AuditEvent' } } },
    });
    expect(header(feed, 'Last-Event-ID')).toBeDefined();
    expect(response(feed, '429').description).toContain('too many streams');
    expect(response(feed, '406')).toBeDefined();
    // The schema they refer to is there, with what it refers to in turn.
    expect(doc.components?.schemas?.AuditEvent).toMatchObject({ properties: { action: { type: 'string' } } });
    for (const m of JSON.stringify(doc).matchAll(/"#\/components\/(\w+)\/([^"/]+)"/g))
      expect((doc.components as Record<string, object>)[m[1]]).toHaveProperty([m[2]]);
  });

  it('describes the signed webhooks under webhooks, with the Standard Webhooks headers', () => {
    const post = doc.webhooks?.auditEvent.post as Operation;
    expect(post).toMatchObject({
      'x-docs-platform': { own: true },
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } } },
    });
    expect(post.parameters?.map((p) => (p as { name: string }).name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(post.description).toMatch(/v1,<base64 HMAC-SHA256 of "<webhook-id>\.<webhook-timestamp>\.<raw body>">/);
    expect(post.description).toMatch(/two signatures/);
    expect(post.description).toContain('at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h');
    expect(post.responses).toHaveProperty('2XX');
    expect(doc.components?.schemas?.WebhookPayload).toMatchObject({
      required: ['type', 'timestamp', 'data'],
      properties: { data: { properties: { auditEvent: { $ref: '#/components/schemas/AuditEvent' } } } },
    });
  });

  it('describes the probes and their bodies', () => {
    expect(response(op('/health/live', 'get'), '200').content?.['application/json']).toEqual({ schema: { $ref: '#/components/schemas/HealthLive' } });
    const ready = op('/health/ready', 'get');
    expect(Object.keys(ready.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
    expect(doc.components?.schemas?.HealthReady).toMatchObject({ required: expect.arrayContaining(['checks', 'projections']) });
  });

  it('leaves its input alone and gives the same answer twice', () => {
    expect(JSON.stringify(built)).not.toContain('Idempotency-Key');
    expect(addServiceAdditions(addServiceAdditions(built))).toEqual(doc);
  });
});
