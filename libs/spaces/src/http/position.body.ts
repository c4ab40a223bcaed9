import { BadRequest, check } from '@app/platform';
import { ItemKind, PositionSpec } from '../domain/placement';

/** The reference ContentPosition: `{before|after: {type: space, space} | {type: collection, collection}}`. */
export function parsePosition(v: unknown): PositionSpec {
  if (v === undefined || v === null) return null;
  const p = check.object('position', v);
  check.onlyKeys('position', p, ['before', 'after']);
  if ('before' in p && 'after' in p) throw new BadRequest('position: give either before or after, not both');
  const side = 'before' in p ? 'before' : 'after' in p ? 'after' : null;
  if (!side) return null;
  const ptr = check.object(`position.${side}`, p[side]);
  const kind: ItemKind = check.oneOf(`position.${side}.type`, ptr.type, ['space', 'collection'] as const);
  check.onlyKeys(`position.${side}`, ptr, ['type', kind]);
  const id = check.string(`position.${side}.${kind}`, ptr[kind], { min: 1 });
  return side === 'before' ? { before: { kind, id } } : { after: { kind, id } };
}

/** Body of POST .../move: `parent` (string, or null for the top level) and/or `position`; at least one. */
export function parseMove(body: unknown): { parent: string | null | undefined; position: PositionSpec } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['parent', 'position']);
  if (!('parent' in b) && !('position' in b)) throw new BadRequest('body: give parent, position or both (minProperties 1)');
  const parent = !('parent' in b) ? undefined : b.parent === null ? null : check.string('parent', b.parent, { min: 1 });
  return { parent, position: parsePosition(b.position) };
}

/** Body of POST .../transfer: `organization` (required). */
export function parseTransfer(body: unknown): string {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['organization']);
  if (!('organization' in b)) throw new BadRequest('organization: is required');
  return check.string('organization', b.organization, { min: 1 });
}
