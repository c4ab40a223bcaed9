import { EventStore } from '../event-store/event-store.port';

/** An adapter that answers a stream's revision at a position in one lookup (the embedded store). */
interface RevisionIndex {
  revisionAt(stream: string, at: number): number | null;
}
const hasRevisionIndex = (store: unknown): store is RevisionIndex => typeof (store as Partial<RevisionIndex>).revisionAt === 'function';

/** Events read per step when an adapter has no such lookup (the last one nearly always does). */
const PAGE = 8;

/**
 * Revision of the last event of `stream` at or before the global position `at` (null: the
 * stream had no event then), for the ETags of single resources: with `at` the position the
 * read models have reached, it is the revision the representation reflects.
 *
 * It comes from the event store, which knows it already, rather than from a projection writing
 * one document per event (that halved the catch-up rate, issue 20). Every event of the stream
 * counts, including types no read model looks at: a tag then changes a little more often than
 * the body would need, never less.
 */
export async function streamRevisionAt(events: EventStore, stream: string, at: number): Promise<number | null> {
  if (hasRevisionIndex(events)) return events.revisionAt(stream, at);
  let fromRevision: number | undefined;
  for (;;) {
    const page = await events.readStream(stream, { direction: 'backwards', fromRevision, maxCount: PAGE });
    const seen = page.find((e) => e.position <= at);
    if (seen) return seen.revision;
    const oldest = page[page.length - 1];
    if (page.length < PAGE || oldest.revision === 0) return null;
    fromRevision = oldest.revision - 1;
  }
}
