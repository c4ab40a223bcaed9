import { Conflict, PreconditionFailed } from '@app/platform';

/*
 * Rules of moving and transferring that spaces and collections share: each is written once
 * here and used by both deciders (and by the collection transfer, which checks a whole tree
 * before it writes anything).
 */

/** Thrown by the placement (application/placement.ts): the item would stay where it is. */
export class MoveWouldNotChange extends Conflict {
  constructor(what: string) {
    super(`${what} is already at that place: the move would not change anything`);
  }
}
export class TransferWouldNotChange extends Conflict {
  constructor(what: string, org: string) {
    super(`${what} already belongs to organization ${org}: the transfer would not change anything`);
  }
}
export class CannotBeMoved extends PreconditionFailed {}

/** A transfer to the organization the item already belongs to changes nothing (409). */
export function assertChangesOrganization(what: string, current: string, target: string): void {
  if (current === target) throw new TransferWouldNotChange(what, target);
}

/** What the transfer rules need to know about one item of what is transferred. */
export interface Transferable {
  id: string;
  /** Teams granted a role on the item. */
  teams: readonly string[];
  /** Open and draft change requests (spaces; 0 for collections). */
  pendingChangeRequests: number;
}

/**
 * Items cannot leave organization `from` (412) while they have team permissions (teams belong
 * to that organization and cannot follow) or open or draft change requests (their reviews
 * involve its members). Direct user permissions follow: users are not tied to an organization.
 */
export function assertTransferable(what: string, from: string, items: readonly Transferable[]): void {
  const who = (list: readonly Transferable[]) => (items.length === 1 ? 'it has' : `${list.map((i) => i.id).join(', ')} ${list.length > 1 ? 'have' : 'has'}`);
  const teamed = items.filter((i) => i.teams.length > 0);
  if (teamed.length) {
    const teams = [...new Set(teamed.flatMap((i) => i.teams))].join(', ');
    throw new CannotBeMoved(
      `${what} cannot be moved: ${who(teamed)} team permissions (teams ${teams}); teams belong to organization ${from}, remove those permissions first`,
    );
  }
  const pending = items.filter((i) => i.pendingChangeRequests > 0);
  if (pending.length) throw new CannotBeMoved(`${what} cannot be moved: ${who(pending)} open or draft change requests; merge or archive them first`);
}
