import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Urls } from '@app/platform';
import { GetUsersQuery, UserView } from '@app/identity';
import { markdownToDocument } from '@app/content';
import { Actor, commentPermissions } from '../../domain/comment-policy';
import { CommentDoc, ReactionDoc, ReplyDoc } from './comments.read-model';

/** Output format of bodies (reference parameter `format`); markdown when not asked. */
export type BodyFormat = 'markdown' | 'document';

const body = (markdown: string, format: BodyFormat) => (format === 'document' ? { document: markdownToDocument(markdown) } : { markdown });

/** Renders comments and replies for one reader: users looked up once per page, permissions by the comment policy. */
@Injectable()
export class CommentViews {
  constructor(
    private readonly queries: QueryBus,
    private readonly urls: Urls,
  ) {}

  private async users(ids: string[]): Promise<(id: string) => UserView> {
    const users: Map<string, UserView> = ids.length ? await this.queries.execute(new GetUsersQuery([...new Set(ids)])) : new Map<string, UserView>();
    // A user unknown to identity (never the case for a registered author) still answers the User shape.
    return (id) => users.get(id) ?? { object: 'user', id, displayName: id, email: '', urls: { location: this.urls.api(`/users/${id}`) } };
  }

  private location(d: { spaceId: string; changeRequestId: string | null }, path: string): string {
    return this.urls.api(`/spaces/${d.spaceId}${d.changeRequestId ? `/change-requests/${d.changeRequestId}` : ''}/comments/${path}`);
  }

  private reactions(list: ReactionDoc[], user: (id: string) => UserView) {
    return list.map((r) => ({ emoji: r.emoji, count: r.users.length, users: r.users.map((u) => ({ user: user(u.user), reactedAt: u.reactedAt })) }));
  }

  async comments(docs: CommentDoc[], actor: Actor, format: BodyFormat) {
    const user = await this.users(
      docs.flatMap((d) => [
        d.postedBy,
        ...(d.resolvedBy ? [d.resolvedBy] : []),
        ...d.repliers.map((r) => r.user),
        ...d.reactions.flatMap((r) => r.users.map((u) => u.user)),
      ]),
    );
    return docs.map((d) => ({
      object: 'comment' as const,
      id: d.id,
      postedBy: user(d.postedBy),
      postedAt: d.postedAt,
      ...(d.editedAt ? { editedAt: d.editedAt } : {}),
      reactions: this.reactions(d.reactions, user),
      replies: d.replies,
      repliers: d.repliers.map((r) => ({ user: user(r.user), count: r.count, updatedAt: r.updatedAt })),
      body: body(d.markdown, format),
      target: {
        space: d.spaceId,
        revision: d.target.revision,
        ...(d.changeRequestId ? { changeRequest: d.changeRequestId } : {}),
        ...(d.target.page ? { page: { id: d.target.page } } : {}),
        ...(d.target.node ? { node: { id: d.target.node } } : {}),
        ...(d.target.tableCell ? { tableCell: d.target.tableCell } : {}),
      },
      urls: { location: this.location(d, d.id) },
      permissions: commentPermissions(actor, d.postedBy),
      ...(d.status === 'resolved' ? { status: 'resolved' as const, resolvedAt: d.resolvedAt!, resolvedBy: user(d.resolvedBy!) } : { status: 'open' as const }),
    }));
  }

  async replies(docs: ReplyDoc[], actor: Actor, format: BodyFormat) {
    const user = await this.users(docs.flatMap((d) => [d.postedBy, ...d.reactions.flatMap((r) => r.users.map((u) => u.user))]));
    return docs.map((d) => ({
      object: 'comment-reply' as const,
      id: d.id,
      postedBy: user(d.postedBy),
      postedAt: d.postedAt,
      ...(d.editedAt ? { editedAt: d.editedAt } : {}),
      reactions: this.reactions(d.reactions, user),
      body: body(d.markdown, format),
      urls: { location: this.location(d, `${d.commentId}/replies/${d.id}`) },
      permissions: commentPermissions(actor, d.postedBy),
    }));
  }
}

export type CommentView = Awaited<ReturnType<CommentViews['comments']>>[number];
export type ReplyView = Awaited<ReturnType<CommentViews['replies']>>[number];
