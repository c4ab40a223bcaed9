import { TeamDoc } from './read-models';

/** The reference `OrganizationTeam`; `admin`: the caller manages it, `view`: they may see it and its members. */
export function toTeamView(t: TeamDoc, permissions: { admin: boolean; view: boolean }) {
  return {
    object: 'team' as const,
    id: t.id,
    title: t.title,
    members: t.members,
    spaces: t.spaces,
    createdAt: t.createdAt,
    permissions,
  };
}
export type TeamView = ReturnType<typeof toTeamView>;
