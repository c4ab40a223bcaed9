import { IsOptional, IsString, MinLength, ValidateIf } from 'class-validator';
import { isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { ItemKind, PositionSpec } from '../domain/placement';

/**
 * The reference ContentPosition: `{before|after: {type: space, space} | {type: collection,
 * collection}}`; null or `{}` is "at the end".
 */
export function positionProblem(v: unknown, field: string): string | null {
  if (v === null || v === undefined) return null;
  if (!isPlainObject(v)) return `${field}: must be an object`;
  const extra = unknownKeyProblem(v, ['before', 'after'], field);
  if (extra) return extra;
  if ('before' in v && 'after' in v) return `${field}: give either before or after, not both`;
  const side = 'before' in v ? 'before' : 'after' in v ? 'after' : null;
  if (!side) return null;
  const ptr = v[side];
  const f = `${field}.${side}`;
  if (!isPlainObject(ptr)) return `${f}: must be an object`;
  if (ptr.type !== 'space' && ptr.type !== 'collection') return `${f}.type: must be one of space, collection`;
  const id = ptr[ptr.type];
  return (
    unknownKeyProblem(ptr, ['type', ptr.type], f) ??
    (typeof id === 'string' && id.length > 0 ? null : `${f}.${ptr.type}: must be a string of at least 1 character`)
  );
}

/** A position that passed `positionProblem`, as the domain reads it. */
export function toPositionSpec(v: unknown): PositionSpec {
  if (!isPlainObject(v)) return null;
  const side = 'before' in v ? 'before' : 'after' in v ? 'after' : null;
  if (!side) return null;
  const ptr = v[side] as Record<string, string>;
  const ref = { kind: ptr.type as ItemKind, id: ptr[ptr.type] };
  return side === 'before' ? { before: ref } : { after: ref };
}

/** Body of POST .../move: `parent` (string, or null for the top level) and/or `position`; at least one. */
export class MoveBody {
  @IsOptional()
  @IsString()
  @MinLength(1)
  parent?: string | null;

  @ValidateIf((o: MoveBody) => o.position !== undefined || o.parent === undefined)
  @Satisfies('isContentPosition', (v, field) =>
    v === undefined ? `${field}: give parent, position or both (the body needs at least one: minProperties 1)` : positionProblem(v, field),
  )
  position?: Record<string, unknown> | null;
}

/** Body of POST .../transfer: `organization` (required). */
export class TransferBody {
  @IsString()
  @MinLength(1)
  organization: string;
}
