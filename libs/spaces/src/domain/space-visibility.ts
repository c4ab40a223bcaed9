import { BadRequest } from '@app/platform';
import type { Placement, SpaceEvent, Visibility } from './space.events';

/*
 * A space in a collection may take the visibility `in-collection` ("whoever can access the
 * parent collection", docs/space-authorization.md); anywhere else it has no meaning. This is
 * the one place of that rule: create and update refuse it, and a space that leaves its
 * collection (move, transfer, restore to the top level) falls back to `private`, the most
 * restrictive choice, so leaving never widens who can read it.
 */

/** Whether a space at `parent` (null: the organization's top level) may have `visibility`. */
export const visibilityFits = (visibility: Visibility, parent: string | null): boolean => visibility !== 'in-collection' || parent !== null;

export class VisibilityNeedsCollection extends BadRequest {
  constructor() {
    super('visibility: in-collection is only allowed for a space in a collection (give parent)');
  }
}

/** Create and update: a visibility that does not fit where the space is answers 400. */
export function assertVisibilityFits(visibility: Visibility, parent: string | null): void {
  if (!visibilityFits(visibility, parent)) throw new VisibilityNeedsCollection();
}

/** Move, transfer, restore: the event that keeps the space's visibility fitting where it lands. */
export function visibilityAfterLeaving(space: { spaceId: string; visibility: Visibility }, to: Placement, at: string): SpaceEvent[] {
  if (visibilityFits(space.visibility, to.parent)) return [];
  return [{ type: 'SpaceUpdated', data: { spaceId: space.spaceId, changes: { visibility: 'private' }, updatedAt: at } }];
}
