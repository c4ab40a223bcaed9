import { TeamDoc } from './read-models';

/**
 * The reference `OrganizationTeam`; `admin`: the caller manages it, `view`: they may see it and its
 * members; `spaces`: the spaces context's answer to CountTeamSpacesQuery.
 */
export function toTeamView(t: TeamDoc, permissions: { admin: boolean; view: boolean }, spaces: number) {
  return {
    object: 'team' as const,
    id: t.id,
    title: t.title,
    members: t.members,
    spaces,
    createdAt: t.createdAt,
    permissions,
  };
}
export type TeamView = ReturnType<typeof toTeamView>;
