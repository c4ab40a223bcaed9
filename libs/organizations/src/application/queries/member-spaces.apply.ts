import { Doc, ProjectionContext, RecordedEvent } from '@app/platform';
import { MEMBERS, memberId, USER_SPACES, UserSpaceDoc, userSpaceId } from './read-models';

/**
 * OrganizationMember.spaces: the spaces a member holds an explicit grant on, from the spaces
 * context's integration events (matched by type string). Grants are kept per (space, user) so a
 * member who joins later, or a space that changes organization, is counted right.
 */
export const MEMBER_SPACE_EVENTS = ['SpacePermissionGranted', 'SpacePermissionRevoked', 'SpacePurged', 'SpaceTransferred'] as const;

const add = (n: number) => <T extends Doc>(m: T): T => ({ ...m, spaces: Math.max(0, Number(m.spaces ?? 0) + n) });

async function count(ctx: ProjectionContext, organizationId: string, userId: string, n: number): Promise<void> {
  await ctx.update(MEMBERS, memberId(organizationId, userId), add(n));
}

/** A joining member's grants made before they joined (e.g. as an outside collaborator). */
export async function grantedSpaces(ctx: ProjectionContext, organizationId: string, userId: string): Promise<number> {
  return (await ctx.find(USER_SPACES, { organizationId, userId })).length;
}

export async function applyMemberSpaceEvent(e: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = e.data as { spaceId: string; organizationId?: string; userId?: string; from?: string; to?: string };
  switch (e.type) {
    case 'SpacePermissionGranted': {
      const id = userSpaceId(d.spaceId, d.userId!);
      if (await ctx.get(USER_SPACES, id)) return; // a role change: the space is already counted
      ctx.put(USER_SPACES, { id, organizationId: d.organizationId!, spaceId: d.spaceId, userId: d.userId! });
      return count(ctx, d.organizationId!, d.userId!, 1);
    }
    case 'SpacePermissionRevoked': {
      const grant = await ctx.get<UserSpaceDoc>(USER_SPACES, userSpaceId(d.spaceId, d.userId!));
      if (!grant) return;
      ctx.delete(USER_SPACES, grant.id);
      return count(ctx, grant.organizationId, grant.userId, -1);
    }
    case 'SpacePurged':
      for (const g of await ctx.find<UserSpaceDoc>(USER_SPACES, { spaceId: d.spaceId })) {
        ctx.delete(USER_SPACES, g.id);
        await count(ctx, g.organizationId, g.userId, -1);
      }
      return;
    case 'SpaceTransferred':
      // User grants travel with the space: the count moves from one organization's member to the other's.
      for (const g of await ctx.find<UserSpaceDoc>(USER_SPACES, { spaceId: d.spaceId })) {
        ctx.put(USER_SPACES, { ...g, organizationId: d.to! });
        await count(ctx, g.organizationId, g.userId, -1);
        await count(ctx, d.to!, g.userId, 1);
      }
      return;
  }
}
