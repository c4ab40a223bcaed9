import { RecordedEvent } from '@app/platform';
import { ChangeRequestEvent, RevisionRef, SpaceContentEvent } from '../../domain/change-request.events';
import { spaceContent } from '../../domain/space-content';
import { ChangeRequestFields, changeRequestFieldsAfter, changeRequestsProjection } from './change-requests.projection';

/*
 * Content's past, folded by the code that answers its present: a change request's fields with the
 * change-requests projection's pure part, main's head with the space-content stream's own evolve.
 * The events given are those a point admits (AsOfEvents.stream), in stream order.
 */

// The change request's own events: the space lifecycle events the projection also handles only
// move it in and out of listings, which no single-resource read shows.
const CHANGE_REQUEST_TYPES = new Set<string>(changeRequestsProjection.handles.filter((t) => t.startsWith('ChangeRequest')));

/** A change request's fields after the given events of its stream (null: it did not exist yet). */
export function changeRequestAt(events: readonly RecordedEvent[]): ChangeRequestFields | null {
  let fields: ChangeRequestFields | null = null;
  for (const e of events) {
    if (CHANGE_REQUEST_TYPES.has(e.type)) fields = changeRequestFieldsAfter(fields, e as unknown as ChangeRequestEvent, e.position);
  }
  return fields;
}

/** Main's head after the given events of `content.space-<id>` (null: the space's content had not started). */
export function mainHeadAt(events: readonly RecordedEvent[]): RevisionRef | null {
  let state = spaceContent.initialState;
  for (const e of events) state = spaceContent.evolve(state, e as unknown as SpaceContentEvent);
  return state.head;
}

// The events that bring a revision into being, in either kind of stream (others merely name one).
const REVISION_MAKERS = new Set<string>([
  'SpaceContentInitialized',
  'SpaceContentMerged',
  'SpaceContentRevised',
  'SpaceRevisionImported',
  'ChangeRequestContentUpdated',
  'ChangeRequestUpdatedFromMain',
] satisfies Array<(SpaceContentEvent | ChangeRequestEvent)['type']>);

/** Whether the given events include the one that made `revision`. */
export const madeRevision = (events: readonly RecordedEvent[], revision: string): boolean =>
  events.some((e) => REVISION_MAKERS.has(e.type) && (e.data as { revision?: string }).revision === revision);
