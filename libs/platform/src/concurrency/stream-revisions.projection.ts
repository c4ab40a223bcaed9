import { ProjectionEngine } from '../projections/projection-engine';
import { ProjectionDefinition } from '../projections/projection';

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

/** Every event type the engine's other projections and sagas handle. */
export function handledEventTypes(engine: ProjectionEngine, except: string): string[] {
  return engine.handledEventTypes(except);
}
