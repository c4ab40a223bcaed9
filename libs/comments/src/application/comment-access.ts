import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NotFound, Principal } from '@app/platform';
import { GetSpaceAccessQuery } from '@app/spaces';
import { CommentTargetInput, GetCommentTargetQuery } from '@app/content';
import { Actor } from '../domain/comment-policy';
import { ThreadScope } from '../domain/comment-thread.events';

/** Where the path says a comment is: a space, and the change request (id or number) when under one. */
export interface Place {
  spaceId: string;
  changeRequest: string | null;
}

export interface Opened {
  scope: ThreadScope;
  organizationId: string;
  actor: Actor;
  /** The revision the comments of this place are posted on (main's head or the change request's). */
  revision: string | null;
}

/**
 * The one door to comments: the space must be one the caller may see (404 otherwise, so
 * existence does not leak), the change request must be one of the space (404), and the caller's
 * space flags (the spaces context's flag policy) become the actor the comment policy judges.
 */
@Injectable()
export class CommentAccess {
  constructor(private readonly queries: QueryBus) {}

  /** The space's side alone: its organization and the caller as an actor (no change request looked up). */
  async space(caller: Principal, spaceId: string): Promise<{ spaceId: string; organizationId: string; actor: Actor }> {
    const info = await this.queries.execute(new GetSpaceAccessQuery(spaceId, caller.userId));
    if (!info || !info.role) throw new NotFound(`No space with id ${spaceId}`);
    const { comment, edit, review, admin } = info.permissions;
    return { spaceId: info.spaceId, organizationId: info.organizationId, actor: { userId: caller.userId, flags: { comment, edit, review, admin } } };
  }

  /**
   * The place's scope (a change request named by number becomes its id) and revision. With a
   * `target`, checks that the page, node or table cell exists in that revision (400 otherwise).
   */
  async locate(caller: Principal, place: Place, target?: CommentTargetInput): Promise<{ scope: ThreadScope; revision: string | null }> {
    if (place.changeRequest === null && !target) return { scope: { spaceId: place.spaceId, changeRequestId: null }, revision: null };
    const found = await this.queries.execute(new GetCommentTargetQuery(place.spaceId, caller.userId, place.changeRequest, target));
    return { scope: { spaceId: place.spaceId, changeRequestId: found.changeRequestId }, revision: found.revision };
  }

  async open(caller: Principal, place: Place): Promise<Opened> {
    const space = await this.space(caller, place.spaceId);
    return { ...space, ...(await this.locate(caller, place)) };
  }
}
