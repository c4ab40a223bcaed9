import { ProjectionEngine } from '../projections/projection-engine';
import { ProjectionDefinition, SagaDefinition } from '../projections/projection';

export const STREAM_REVISIONS = 'stream-revisions';

export interface StreamRevisionDoc {
  /** The stream name. */
  id: string;
  /** Revision of the last event of the stream that the read side has seen. */
  revision: number;
  [key: string]: unknown;
}

/**
 * The revision of every stream as the read side knows it, for the ETags of single resources
 * (queries read read models only, never streams). One generic projection instead of a field in
 * every context's documents. It serves queries: read-your-writes waits for it, so the GET after
 * a write shows the write's ETag.
 *
 * It follows every event type some projection or saga of the application handles: an event no
 * read model looks at changes no representation, so its revision would change no tag that a
 * body-only tag would not. The list is taken when the engine starts (after every context has
 * registered its projections).
 */
export function streamRevisionsProjection(engine: ProjectionEngine): ProjectionDefinition {
  return {
    name: 'platform-stream-revisions',
    collections: [{ name: STREAM_REVISIONS }],
    get handles() {
      return handledEventTypes(engine, 'platform-stream-revisions');
    },
    async apply(e, ctx) {
      ctx.put(STREAM_REVISIONS, { id: e.stream, revision: e.revision });
    },
  };
}

/**
 * Every event type the engine's other projections and sagas handle. The engine has no public
 * accessor for their definitions (libs/platform/src/projections is another owner's): this reads
 * its registries, and concurrency.spec.ts fails if their shape changes.
 */
export function handledEventTypes(engine: ProjectionEngine, except: string): string[] {
  const registries = engine as unknown as { projections?: Map<string, ProjectionDefinition>; sagas?: Map<string, SagaDefinition> };
  if (!(registries.projections instanceof Map) || !(registries.sagas instanceof Map)) {
    throw new Error('ProjectionEngine no longer keeps its projections and sagas in maps: update handledEventTypes');
  }
  const types = new Set<string>();
  for (const [name, def] of [...registries.projections, ...registries.sagas]) if (name !== except) for (const t of def.handles) types.add(t);
  return [...types].sort();
}
