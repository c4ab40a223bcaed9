import { ReadStore } from '@app/platform';
import { bySiblingOrder, ItemRef, placeAmong, PositionSpec } from '../domain/placement';
import { keyAfter, keyBetween } from '../domain/position';
import { Placement } from '../domain/space';
import { MoveWouldNotChange } from '../domain/space-moves';
import { currentChildren } from './queries/content-tree';

/** The key that appends to the end of a parent's children. */
export async function endOf(store: ReadStore, organizationId: string, parent: string | null): Promise<Placement> {
  const children = await currentChildren(store, organizationId, parent);
  const last = children.reduce<string | null>((max, c) => (max === null || c.position > max ? c.position : max), null);
  return { parent, position: keyAfter(last) };
}

/** Right after `item` among its siblings (a duplicate lands beside its source). */
export async function rightAfter(store: ReadStore, organizationId: string, parent: string | null, item: ItemRef): Promise<Placement> {
  const children = (await currentChildren(store, organizationId, parent)).sort(bySiblingOrder);
  const i = children.findIndex((c) => c.kind === item.kind && c.id === item.id);
  if (i < 0) return endOf(store, organizationId, parent);
  const next = children.slice(i + 1).find((c) => c.position > children[i].position);
  return { parent, position: keyBetween(children[i].position, next?.position ?? null) };
}

/** Where a move puts `item`: 400 for a position outside the target, 409 when nothing would change. */
export async function moveTarget(store: ReadStore, organizationId: string, parent: string | null, item: ItemRef, at: PositionSpec): Promise<Placement> {
  const position = placeAmong(await currentChildren(store, organizationId, parent), item, at);
  if (position === null) throw new MoveWouldNotChange(`${item.kind === 'space' ? 'Space' : 'Collection'} ${item.id}`);
  return { parent, position };
}
