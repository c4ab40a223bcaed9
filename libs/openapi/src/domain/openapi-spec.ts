import { Decider, unreachable } from '@app/platform';
import { OpenApiSpecEvent, ProcessErrorCode, ProcessError, ProcessingState, SpecFormat, SpecSource, SpecVisibility } from './openapi-spec.events';
import { checkSlug, OpenApiSpecNotFound, SlugTaken } from './spec-rules';

export interface SpecState {
  specId: string;
  organizationId: string;
  slug: string;
  visibility: SpecVisibility;
  source: SpecSource;
  /** The latest processing asked for: only its outcome counts (an older one finishing late is ignored). */
  processing: { id: string; state: ProcessingState };
  lastVersion: { versionId: string; contentHash: string } | null;
}
export interface OpenApiSpecState {
  spec: SpecState | null;
}

/** What a processing found: a valid document (its bytes stored under `contentKey`), or why not. */
export type ProcessingOutcome =
  | { ok: true; versionId: string; contentHash: string; contentKey: string; format: SpecFormat; size: number }
  | { ok: false; errorCode: ProcessErrorCode; errors: ProcessError[] };

interface Addressed {
  organizationId: string;
  slug: string;
}
export type OpenApiSpecCommand =
  | (Addressed & { type: 'CreateSpec'; specId: string; processingId: string; source: SpecSource; actor: string })
  /** PUT: creates the spec when missing, else takes the source and processes it again (a refresh). */
  | (Addressed & { type: 'PutSpec'; specId: string; processingId: string; source: SpecSource; actor: string })
  | (Addressed & { type: 'ChangeVisibility'; visibility: SpecVisibility })
  | (Addressed & { type: 'DeleteSpec' })
  | (Addressed & { type: 'StartProcessing'; processingId: string })
  | (Addressed & { type: 'CompleteProcessing'; processingId: string; outcome: ProcessingOutcome });

const sameSource = (a: SpecSource, b: SpecSource) => JSON.stringify(a) === JSON.stringify(b);

function live(s: OpenApiSpecState, slug: string): SpecState {
  if (!s.spec) throw new OpenApiSpecNotFound(slug);
  return s.spec;
}

/** The processing `id` if it is still the one that counts and has not finished. */
const current = (s: OpenApiSpecState, id: string): SpecState | null =>
  s.spec && s.spec.processing.id === id && s.spec.processing.state !== 'complete' ? s.spec : null;

/**
 * An OpenAPI specification of an organization: its source, visibility, and the processing that
 * turns the source into versions. Processing is asked for here (pending), started and completed
 * by the processing saga's command (progress, complete); every outcome, failures included, ends
 * `complete`, and a new version is made only when the bytes differ from the last version's.
 */
export const openApiSpec: Decider<OpenApiSpecState, OpenApiSpecCommand, OpenApiSpecEvent> = {
  initialState: { spec: null },
  evolve(s, e) {
    switch (e.type) {
      case 'OpenAPISpecCreated': {
        const { specId, organizationId, slug, visibility, source } = e.data;
        return { spec: { specId, organizationId, slug, visibility, source, processing: { id: '', state: 'complete' }, lastVersion: null } };
      }
      case 'OpenAPISpecSourceChanged':
        return { spec: { ...s.spec!, source: e.data.source } };
      case 'OpenAPISpecProcessingRequested':
        return { spec: { ...s.spec!, processing: { id: e.data.processingId, state: 'pending' } } };
      case 'OpenAPISpecProcessingStarted':
        return { spec: { ...s.spec!, processing: { id: e.data.processingId, state: 'progress' } } };
      case 'OpenAPISpecVersionCreated':
        return { spec: { ...s.spec!, lastVersion: { versionId: e.data.versionId, contentHash: e.data.contentHash } } };
      case 'OpenAPISpecProcessed':
        return { spec: { ...s.spec!, processing: { id: e.data.processingId, state: 'complete' } } };
      case 'OpenAPISpecVisibilityChanged':
        return { spec: { ...s.spec!, visibility: e.data.visibility } };
      case 'OpenAPISpecDeleted':
        return { spec: null };
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    switch (c.type) {
      case 'CreateSpec':
      case 'PutSpec': {
        checkSlug(c.slug, c.type === 'CreateSpec' ? 'slug' : 'specSlug');
        if (s.spec && c.type === 'CreateSpec') throw new SlugTaken(c.slug);
        const spec = s.spec ?? { specId: c.specId, organizationId: c.organizationId };
        const base = { specId: spec.specId, organizationId: spec.organizationId };
        const requested: OpenApiSpecEvent = {
          type: 'OpenAPISpecProcessingRequested',
          data: { ...base, slug: c.slug, processingId: c.processingId, source: c.source, requestedAt: at },
        };
        if (!s.spec) {
          const created: OpenApiSpecEvent = {
            type: 'OpenAPISpecCreated',
            data: { ...base, slug: c.slug, source: c.source, visibility: 'private', createdAt: at, createdBy: c.actor },
          };
          return [created, requested];
        }
        // The same source again is a refresh: fetched and parsed anew, a version only if it changed.
        if (sameSource(s.spec.source, c.source)) return [requested];
        return [{ type: 'OpenAPISpecSourceChanged', data: { ...base, source: c.source, changedAt: at } }, requested];
      }
      case 'ChangeVisibility': {
        const spec = live(s, c.slug);
        if (spec.visibility === c.visibility) return [];
        return [
          { type: 'OpenAPISpecVisibilityChanged', data: { specId: spec.specId, organizationId: spec.organizationId, visibility: c.visibility, changedAt: at } },
        ];
      }
      case 'DeleteSpec': {
        if (!s.spec) return [];
        const { specId, organizationId, slug } = s.spec;
        return [{ type: 'OpenAPISpecDeleted', data: { specId, organizationId, slug, deletedAt: at } }];
      }
      case 'StartProcessing': {
        const spec = current(s, c.processingId);
        if (!spec || spec.processing.state !== 'pending') return [];
        return [
          {
            type: 'OpenAPISpecProcessingStarted',
            data: { specId: spec.specId, organizationId: spec.organizationId, processingId: c.processingId, startedAt: at },
          },
        ];
      }
      case 'CompleteProcessing':
        return decideCompletion(s, c.processingId, c.outcome, at);
      default:
        return unreachable(c);
    }
  },
};

/** One outcome per processing: a version when the bytes are new, and the processing's end. */
function decideCompletion(s: OpenApiSpecState, processingId: string, o: ProcessingOutcome, at: string): OpenApiSpecEvent[] {
  const spec = current(s, processingId);
  if (!spec) return [];
  const base = { specId: spec.specId, organizationId: spec.organizationId, processingId };
  if (!o.ok) return [{ type: 'OpenAPISpecProcessed', data: { ...base, processedAt: at, versionId: null, errorCode: o.errorCode, errors: o.errors } }];
  const processed = (versionId: string | null): OpenApiSpecEvent => ({
    type: 'OpenAPISpecProcessed',
    data: { ...base, processedAt: at, versionId, errorCode: null, errors: [] },
  });
  if (spec.lastVersion?.contentHash === o.contentHash) return [processed(null)];
  const { versionId, contentHash, contentKey, format, size } = o;
  return [{ type: 'OpenAPISpecVersionCreated', data: { ...base, versionId, contentHash, contentKey, format, size, createdAt: at } }, processed(versionId)];
}
