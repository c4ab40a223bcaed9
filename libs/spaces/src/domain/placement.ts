import { BadRequest } from '@app/platform';
import { keyBetween } from './position';

export type ItemKind = 'space' | 'collection';
export interface ItemRef {
  kind: ItemKind;
  id: string;
}
export interface Sibling extends ItemRef {
  position: string;
}
/** The reference ContentPosition: before or after a space or collection of the target parent; null is "at the end". */
export type PositionSpec = { before: ItemRef } | { after: ItemRef } | null;

export class InvalidPosition extends BadRequest {}

/** Siblings in listing order: by key, ties (from concurrent appends) by id. */
export const bySiblingOrder = (a: Sibling, b: Sibling) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const same = (a: ItemRef, b: ItemRef) => a.kind === b.kind && a.id === b.id;

/**
 * The sort key that puts `item` at `at` among the children of its target parent, or null when
 * it would stay exactly where it is (the caller answers 409). `siblings` are the target
 * parent's current children, which include the item when it stays in the same parent.
 */
export function placeAmong(siblings: readonly Sibling[], item: ItemRef, at: PositionSpec): string | null {
  const ordered = [...siblings].sort(bySiblingOrder);
  const others = ordered.filter((s) => !same(s, item));
  let index = others.length;
  if (at) {
    const side = 'before' in at ? 'before' : 'after';
    const ptr = 'before' in at ? at.before : at.after;
    if (same(ptr, item)) throw new InvalidPosition(`position.${side}: cannot place a ${item.kind} ${side} itself`);
    const i = others.findIndex((s) => same(s, ptr));
    if (i < 0) throw new InvalidPosition(`position.${side}.${ptr.kind}: no ${ptr.kind} ${ptr.id} next to which to place it in the target collection`);
    index = side === 'before' ? i : i + 1;
  }
  const current = ordered.findIndex((s) => same(s, item));
  if (current === index) return null;
  const prev = others[index - 1]?.position ?? null;
  const next = others[index]?.position ?? null;
  // Two siblings with one key (concurrent appends): no key fits between them; share it.
  if (prev !== null && next !== null && prev >= next) return prev;
  return keyBetween(prev, next);
}
