import { Role } from '@app/platform';
import { AccessNode, collectionRole, spaceRole, Subject } from './authorization';

export interface AggregateInput {
  /** The item (a space has a visibility) and the collections above it, top level first. */
  target: AccessNode & { visibility?: string };
  parents: readonly AccessNode[];
  members: ReadonlyArray<{ userId: string; role: Role }>;
  orgDefaultRole: Role | null;
  /** Members of every team granted something on the item or above it. */
  teamMembers: Readonly<Record<string, readonly string[]>>;
}

/**
 * Everyone who holds a role on the item and that role, by user id: organization members and
 * every user or team member granted something on the item or a collection above it. Only
 * teams granted on that path can change the result, so they are the only teams looked at.
 * (A public space is readable by anyone authenticated; the list names those with a role.)
 */
export function everyoneWithAccess(input: AggregateInput): Array<{ userId: string; role: Role }> {
  const path = [...input.parents, input.target];
  const memberRole = new Map(input.members.map((m) => [m.userId, m.role]));
  const teamsOf = new Map<string, string[]>();
  for (const [team, users] of Object.entries(input.teamMembers)) for (const u of users) teamsOf.set(u, [...(teamsOf.get(u) ?? []), team]);
  const candidates = new Set<string>([...memberRole.keys(), ...teamsOf.keys(), ...path.flatMap((n) => Object.keys(n.users))]);
  const out: Array<{ userId: string; role: Role }> = [];
  for (const userId of candidates) {
    const m = memberRole.get(userId) ?? null;
    const s: Subject = { userId, memberRole: m, orgDefaultRole: m ? input.orgDefaultRole : null, teamIds: teamsOf.get(userId) ?? [] };
    const role =
      input.target.visibility !== undefined ? spaceRole(s, { ...input.target, visibility: input.target.visibility }, input.parents) : collectionRole(s, path);
    if (role) out.push({ userId, role });
  }
  return out.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

/** Teams granted something on the item or above it. */
export const grantedTeams = (target: AccessNode, parents: readonly AccessNode[]) => [...new Set([...parents, target].flatMap((n) => Object.keys(n.teams)))];
