import { ReadStore } from '@app/platform';
import { ItemRef, placeAmong, PositionSpec, Sibling } from '../domain/placement';
import { keyAfter, keyBetween } from '../domain/position';
import { Placement } from '../domain/space';
import { MoveWouldNotChange } from '../domain/space-moves';
import { childrenAround, firstAbove, lastChildren, placementOf } from './queries/sibling-positions';

/*
 * Every placement reads only the children next to where the item lands (see
 * sibling-positions.ts), never the whole parent, so a create costs the same in an empty
 * collection and in one with 10,000 children.
 */

/** The key that appends to the end of a parent's children. */
export async function endOf(store: ReadStore, organizationId: string, parent: string | null): Promise<Placement> {
  const [last] = await lastChildren(store, organizationId, parent, 1);
  return { parent, position: keyAfter(last?.position ?? null) };
}

/** Right after `item` among its siblings (a duplicate lands beside its source). */
export async function rightAfter(store: ReadStore, organizationId: string, parent: string | null, item: ItemRef): Promise<Placement> {
  const at = await placementOf(store, item);
  if (!at || at.organizationId !== organizationId || at.parent !== parent) return endOf(store, organizationId, parent);
  const next = await firstAbove(store, organizationId, parent, at.sibling.position);
  return { parent, position: keyBetween(at.sibling.position, next?.position ?? null) };
}

/** Where a move puts `item`: 400 for a position outside the target, 409 when nothing would change. */
export async function moveTarget(store: ReadStore, organizationId: string, parent: string | null, item: ItemRef, at: PositionSpec): Promise<Placement> {
  const position = placeAmong(await neighbourhood(store, organizationId, parent, item, at), item, at);
  if (position === null) throw new MoveWouldNotChange(`${item.kind === 'space' ? 'Space' : 'Collection'} ${item.id}`);
  return { parent, position };
}

/**
 * The run of the target parent's children that decides a move: around the child named by
 * `at`, or the last ones for "at the end". `placeAmong` answers on such a run exactly as on
 * the whole list. A pointer that is not a child of the target leaves the run empty, which
 * `placeAmong` refuses (400) as before.
 */
async function neighbourhood(store: ReadStore, organizationId: string, parent: string | null, item: ItemRef, at: PositionSpec): Promise<Sibling[]> {
  if (!at) {
    const [last] = await lastChildren(store, organizationId, parent, 1);
    return last ? childrenAround(store, organizationId, parent, last.position, 'before') : [];
  }
  const side = 'before' in at ? 'before' : 'after';
  const ptr = 'before' in at ? at.before : at.after;
  if (ptr.kind === item.kind && ptr.id === item.id) return [];
  const where = await placementOf(store, ptr);
  if (!where || where.organizationId !== organizationId || where.parent !== parent) return [];
  return childrenAround(store, organizationId, parent, where.sibling.position, side);
}
