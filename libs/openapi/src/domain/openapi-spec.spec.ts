import { BadRequest } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { openApiSpec, OpenApiSpecCommand, ProcessingOutcome } from './openapi-spec';
import { OpenApiSpecEvent, SpecSource } from './openapi-spec.events';
import { OpenApiSpecNotFound, SlugTaken, slugProblem, sourceUrlProblem } from './spec-rules';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const ids = { specId: 's1', organizationId: 'o1' };
const url: SpecSource = { kind: 'url', url: 'https://api.example.com/openapi.json' };
const text: SpecSource = { kind: 'text', key: 'openapi/o1/abc' };
const addr = { organizationId: 'o1', slug: 'pets' };

const create = (source: SpecSource = url): OpenApiSpecCommand => ({ type: 'CreateSpec', ...addr, specId: 's1', processingId: 'p1', source, actor: 'u1' });
const put = (processingId: string, source: SpecSource = url, specId = 's9'): OpenApiSpecCommand => ({
  type: 'PutSpec',
  ...addr,
  specId,
  processingId,
  source,
  actor: 'u1',
});
const created: OpenApiSpecEvent = {
  type: 'OpenAPISpecCreated',
  data: { ...ids, slug: 'pets', source: url, visibility: 'private', createdAt: T0, createdBy: 'u1' },
};
const requested = (processingId: string, source: SpecSource = url, when = T0): OpenApiSpecEvent => ({
  type: 'OpenAPISpecProcessingRequested',
  data: { ...ids, slug: 'pets', processingId, source, requestedAt: when },
});
const started = (processingId: string): OpenApiSpecEvent => ({ type: 'OpenAPISpecProcessingStarted', data: { ...ids, processingId, startedAt: T1 } });
const start = (processingId: string): OpenApiSpecCommand => ({ type: 'StartProcessing', ...addr, processingId });
const complete = (processingId: string, outcome: ProcessingOutcome): OpenApiSpecCommand => ({ type: 'CompleteProcessing', ...addr, processingId, outcome });
const valid = (versionId: string, contentHash: string): ProcessingOutcome => ({
  ok: true,
  versionId,
  contentHash,
  contentKey: `k-${contentHash}`,
  format: 'json',
  size: 10,
});
const failed: ProcessingOutcome & { ok: false } = {
  ok: false,
  errorCode: 'FETCH_TIMEOUT',
  errors: [{ code: 'FETCH_TIMEOUT', message: 'no answer within 10000 ms' }],
};
const versioned = (processingId: string, versionId: string, contentHash: string): OpenApiSpecEvent => ({
  type: 'OpenAPISpecVersionCreated',
  data: { ...ids, processingId, versionId, contentHash, contentKey: `k-${contentHash}`, format: 'json', size: 10, createdAt: T1 },
});
const processed = (processingId: string, versionId: string | null, errors?: ProcessingOutcome & { ok: false }): OpenApiSpecEvent => ({
  type: 'OpenAPISpecProcessed',
  data: { ...ids, processingId, processedAt: T1, versionId, errorCode: errors?.errorCode ?? null, errors: errors?.errors ?? [] },
});

describe('OpenAPI spec decider', () => {
  it('creates a private spec and asks for its processing', () => {
    given(openApiSpec)
      .whenCommand(create(), at(T0))
      .then([created, requested('p1')]);
  });

  it('POST on a taken slug is refused; a bad slug is refused', () => {
    given(openApiSpec, created).whenCommand(create()).thenThrows(SlugTaken);
    given(openApiSpec)
      .whenCommand({ ...create(), slug: 'not a slug' })
      .thenThrows(BadRequest);
    given(openApiSpec)
      .whenCommand({ ...put('p2'), slug: '-pets' })
      .thenThrows(BadRequest);
  });

  it('PUT creates a missing spec with the new id', () => {
    given(openApiSpec)
      .whenCommand(put('p1', url, 's1'), at(T0))
      .then([created, requested('p1')]);
  });

  it('PUT of the same source on an existing spec processes it again (a refresh); another source is recorded first', () => {
    given(openApiSpec, created, requested('p1'))
      .whenCommand(put('p2'), at(T1))
      .then([requested('p2', url, T1)]);
    given(openApiSpec, created, requested('p1'))
      .whenCommand(put('p2', text), at(T1))
      .then([{ type: 'OpenAPISpecSourceChanged', data: { ...ids, source: text, changedAt: T1 } }, requested('p2', text, T1)]);
  });

  it('processing goes pending → progress → complete, once', () => {
    given(openApiSpec, created, requested('p1'))
      .whenCommand(start('p1'), at(T1))
      .then([started('p1')]);
    given(openApiSpec, created, requested('p1'), started('p1')).whenCommand(start('p1')).thenNothing();
    given(openApiSpec, created, requested('p1'), started('p1'))
      .whenCommand(complete('p1', valid('v1', 'h1')), at(T1))
      .then([versioned('p1', 'v1', 'h1'), processed('p1', 'v1')]);
    // A processing whose start was not recorded may still complete.
    given(openApiSpec, created, requested('p1'))
      .whenCommand(complete('p1', valid('v1', 'h1')), at(T1))
      .then([versioned('p1', 'v1', 'h1'), processed('p1', 'v1')]);
    // Redelivered after it completed: nothing more (exactly one version).
    given(openApiSpec, created, requested('p1'), started('p1'), versioned('p1', 'v1', 'h1'), processed('p1', 'v1'))
      .whenCommand(complete('p1', valid('v2', 'h2')))
      .thenNothing();
    given(openApiSpec, created, requested('p1'), started('p1'), versioned('p1', 'v1', 'h1'), processed('p1', 'v1'))
      .whenCommand(start('p1'))
      .thenNothing();
  });

  it('identical content makes no new version; different content does', () => {
    const history = [created, requested('p1'), versioned('p1', 'v1', 'h1'), processed('p1', 'v1'), requested('p2')];
    given(openApiSpec, ...history)
      .whenCommand(complete('p2', valid('v2', 'h1')), at(T1))
      .then([processed('p2', null)]);
    given(openApiSpec, ...history)
      .whenCommand(complete('p2', valid('v2', 'h2')), at(T1))
      .then([versioned('p2', 'v2', 'h2'), processed('p2', 'v2')]);
  });

  it('a failed processing ends complete with its errors and makes no version', () => {
    given(openApiSpec, created, requested('p1'), started('p1'))
      .whenCommand(complete('p1', failed), at(T1))
      .then([processed('p1', null, failed)]);
  });

  it('an outdated processing (superseded by a newer request, or of a deleted spec) is ignored', () => {
    given(openApiSpec, created, requested('p1'), requested('p2')).whenCommand(start('p1')).thenNothing();
    given(openApiSpec, created, requested('p1'), requested('p2'))
      .whenCommand(complete('p1', valid('v1', 'h1')))
      .thenNothing();
    const deleted: OpenApiSpecEvent = { type: 'OpenAPISpecDeleted', data: { ...ids, slug: 'pets', deletedAt: T1 } };
    given(openApiSpec, created, requested('p1'), deleted).whenCommand(start('p1')).thenNothing();
    given(openApiSpec, created, requested('p1'), deleted)
      .whenCommand(complete('p1', valid('v1', 'h1')))
      .thenNothing();
  });

  it('visibility changes only when it differs; an unknown spec is not found', () => {
    given(openApiSpec, created)
      .whenCommand({ type: 'ChangeVisibility', ...addr, visibility: 'public' }, at(T1))
      .then([{ type: 'OpenAPISpecVisibilityChanged', data: { ...ids, visibility: 'public', changedAt: T1 } }]);
    given(openApiSpec, created)
      .whenCommand({ type: 'ChangeVisibility', ...addr, visibility: 'private' })
      .thenNothing();
    given(openApiSpec)
      .whenCommand({ type: 'ChangeVisibility', ...addr, visibility: 'public' })
      .thenThrows(OpenApiSpecNotFound);
  });

  it('deletes once (205), then there is nothing to delete (204); a deleted slug can be created again', () => {
    const deleted: OpenApiSpecEvent = { type: 'OpenAPISpecDeleted', data: { ...ids, slug: 'pets', deletedAt: T1 } };
    given(openApiSpec, created)
      .whenCommand({ type: 'DeleteSpec', ...addr }, at(T1))
      .then([deleted]);
    given(openApiSpec, created, deleted)
      .whenCommand({ type: 'DeleteSpec', ...addr })
      .thenNothing();
    given(openApiSpec)
      .whenCommand({ type: 'DeleteSpec', ...addr })
      .thenNothing();
    given(openApiSpec, created, deleted)
      .whenCommand({ ...create(), specId: 's2' }, at(T0))
      .then([
        { ...created, data: { ...created.data, specId: 's2' } },
        {
          type: 'OpenAPISpecProcessingRequested',
          data: { specId: 's2', organizationId: 'o1', slug: 'pets', processingId: 'p1', source: url, requestedAt: T0 },
        },
      ]);
  });
});

describe('OpenAPI spec rules', () => {
  it('slugs: 1..100 letters and digits in hyphen-joined groups (the contract allows capitals)', () => {
    for (const ok of ['pets', 'Pets-API-2', 'a', 'x'.repeat(100)]) expect(slugProblem(ok, 'slug')).toBeNull();
    for (const bad of ['', 'x'.repeat(101), '-a', 'a-', 'a--b', 'a b', 'a_b', 'ä', 12, null]) expect(slugProblem(bad, 'slug')).toMatch(/^slug: /);
  });

  it('source URLs: absolute http(s), at most 2048 characters, no credentials', () => {
    expect(sourceUrlProblem('https://api.example.com/openapi.yaml?v=2', 'source.url')).toBeNull();
    expect(sourceUrlProblem('ftp://example.com/a', 'source.url')).toMatch(/http\(s\)/);
    expect(sourceUrlProblem('not a url', 'source.url')).toMatch(/http\(s\)/);
    expect(sourceUrlProblem(`https://e.com/${'a'.repeat(2048)}`, 'source.url')).toMatch(/2048/);
    expect(sourceUrlProblem('https://user:secret@example.com/spec.json', 'source.url')).toMatch(/credentials/);
  });
});
