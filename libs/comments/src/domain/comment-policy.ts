/**
 * Who may do what with a comment or a reply: the one policy behind the command refusals and
 * the `permissions{view, edit, reply, delete}` every comment and reply shows its reader.
 *
 * The space's own flags (Space.permissions, from the spaces context's flag policy) come in with
 * the actor, so "may comment" is exactly the `comment` flag the space shows:
 *   - reading needs read access to the space (the caller got this far);
 *   - posting, replying and reacting need the `comment` flag (role comment or higher);
 *   - editing only by the author; deleting by the author or a space admin;
 *   - resolving and reopening by the author, a reviewer or an editor of the space.
 * Every write needs the `comment` flag too: an author whose role fell to `read` keeps reading.
 */
export interface Actor {
  userId: string;
  flags: { comment: boolean; edit: boolean; review: boolean; admin: boolean };
}

export interface CommentPermissions {
  view: boolean;
  edit: boolean;
  reply: boolean;
  delete: boolean;
}

const isAuthor = (actor: Actor, authorId: string) => actor.userId === authorId && actor.flags.comment;

export const mayPost = (actor: Actor): boolean => actor.flags.comment;
export const mayEdit = (actor: Actor, authorId: string): boolean => isAuthor(actor, authorId);
export const mayDelete = (actor: Actor, authorId: string): boolean => isAuthor(actor, authorId) || actor.flags.admin;
export const mayResolve = (actor: Actor, authorId: string): boolean => isAuthor(actor, authorId) || actor.flags.edit || actor.flags.review;

/** The `permissions` of a comment or a reply posted by `authorId`, for `actor`. */
export const commentPermissions = (actor: Actor, authorId: string): CommentPermissions => ({
  view: true,
  edit: mayEdit(actor, authorId),
  reply: mayPost(actor),
  delete: mayDelete(actor, authorId),
});
