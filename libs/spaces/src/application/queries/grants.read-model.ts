import { Doc, ProjectionContext, Role } from '@app/platform';
import { PrincipalKind } from '../../domain/grants';
import { ItemKind } from '../../domain/placement';

/**
 * One document per (space or collection, user or team) grant, for the permission listings.
 * `seq` is the position of the event that first granted it and never changes while the grant
 * lives (a role change keeps it), so paging by it neither skips nor repeats.
 */
export const GRANTS = 'content_grants';
export const grantsCollection = {
  name: GRANTS,
  indexes: [
    ['targetId', 'principalKind', 'seq'],
    ['principalKind', 'principalId'],
  ],
};

export interface GrantDoc extends Doc {
  targetKind: ItemKind;
  targetId: string;
  organizationId: string;
  principalKind: PrincipalKind;
  principalId: string;
  role: Role;
  seq: number;
}

export const grantId = (targetId: string, kind: PrincipalKind, principalId: string) => `${targetId}:${kind}:${principalId}`;

/** Writes one grant change to the listing and to the item's embedded grants (what access reads). */
export async function applyGrantEvent(
  ctx: ProjectionContext,
  collection: string,
  at: number,
  g: { targetKind: ItemKind; targetId: string; organizationId: string; principalKind: PrincipalKind; principalId: string; role: Role | null },
): Promise<void> {
  const id = grantId(g.targetId, g.principalKind, g.principalId);
  const key = g.principalKind === 'user' ? 'users' : 'teams';
  await ctx.update<Doc & { users: Record<string, Role>; teams: Record<string, Role> }>(collection, g.targetId, (doc) => {
    const next = { ...(doc[key] ?? {}) };
    if (g.role) next[g.principalId] = g.role;
    else delete next[g.principalId];
    return { ...doc, [key]: next };
  });
  if (!g.role) return ctx.delete(GRANTS, id);
  const existing = await ctx.get<GrantDoc>(GRANTS, id);
  const { role, ...rest } = g;
  ctx.put(GRANTS, { ...rest, id, role, seq: existing?.seq ?? at });
}

/** A transferred item's grants move with it: their organization changes. */
export async function moveGrants(ctx: ProjectionContext, targetId: string, organizationId: string): Promise<void> {
  for (const g of await ctx.find<GrantDoc>(GRANTS, { targetId })) ctx.put(GRANTS, { ...g, organizationId });
}

/** A purged space's grants go with it: no member or team counts it any more (CountMemberSpacesQuery, CountTeamSpacesQuery). */
export async function dropGrants(ctx: ProjectionContext, targetId: string): Promise<void> {
  for (const g of await ctx.find<GrantDoc>(GRANTS, { targetId })) ctx.delete(GRANTS, g.id);
}
