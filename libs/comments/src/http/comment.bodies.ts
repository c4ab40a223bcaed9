import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IfPresent, isPlainObject, IsRefused, PageQuery, Satisfies, unknownKeyProblem } from '@app/platform';
import type { CommentChanges } from '../application/commands/comment.commands';
import type { ReplyChanges } from '../application/commands/reply.commands';
import type { CommentFilters } from '../application/queries/comment.queries';
import type { BodyFormat } from '../application/queries/comment.views';

const ID = 200;

/**
 * A body as the contract takes it: the `{markdown}` variant of the reference Document. Its
 * length and emptiness are the decider's rules (domain/comment-rules.ts); a `{document}` is
 * an output format only.
 */
const markdownBodyProblem = (v: unknown, field: string): string | null => {
  if (!isPlainObject(v)) return `${field}: must be an object {markdown}`;
  if ('document' in v && !('markdown' in v)) return `${field}.document: not accepted here; send the body as ${field}.markdown`;
  if (typeof v.markdown !== 'string') return `${field}.markdown: must be a string`;
  return unknownKeyProblem(v, ['markdown'], field);
};
const IsMarkdownBody = () => Satisfies('isMarkdownBody', markdownBodyProblem);

/** A list of emoji strings (each checked and normalized by the decider), at most 20. */
const emojiListProblem = (v: unknown, field: string): string | null => {
  if (!Array.isArray(v)) return `${field}: must be an array of emoji strings`;
  if (v.length > 20) return `${field}: at most 20 items`;
  const bad = v.findIndex((x) => typeof x !== 'string');
  return bad < 0 ? null : `${field}[${bad}]: must be an emoji string`;
};
const IsEmojiList = () => Satisfies('isEmojiList', emojiListProblem);

const tableCellProblem = (v: unknown, field: string): string | null => {
  if (!isPlainObject(v)) return `${field}: must be an object {record, definition}`;
  for (const k of ['record', 'definition']) {
    const value = v[k];
    if (typeof value !== 'string' || value === '' || value.length > ID) return `${field}.${k}: must be a non-empty string of at most ${ID} characters`;
  }
  return unknownKeyProblem(v, ['record', 'definition'], field);
};

/** Reference PostCommentSchema: `body` (required), and a target inside the content (`page`, `node`, `tableCell`). */
export class PostCommentBody {
  @IsMarkdownBody()
  body!: { markdown: string };

  @IfPresent() @IsString() @MinLength(1) @MaxLength(ID) page?: string;
  @IfPresent() @IsString() @MinLength(1) @MaxLength(ID) node?: string;
  @IfPresent() @Satisfies('isTableCell', tableCellProblem) tableCell?: { record: string; definition: string };

  target() {
    return {
      ...(this.page !== undefined ? { page: this.page } : {}),
      ...(this.node !== undefined ? { node: this.node } : {}),
      ...(this.tableCell !== undefined ? { tableCell: { record: this.tableCell.record, definition: this.tableCell.definition } } : {}),
    };
  }
}

/** Reference PostCommentReplySchema. */
export class PostReplyBody {
  @IsMarkdownBody()
  body!: { markdown: string };
}

/** Reference UpdateCommentReplySchema: body and reactions, each optional. */
export class UpdateReplyBody {
  @IfPresent() @IsMarkdownBody() body?: { markdown: string };
  @IfPresent() @IsEmojiList() addedReactions?: string[];
  @IfPresent() @IsEmojiList() removedReactions?: string[];
  // The change-request reply update takes UpdateCommentSchema in the reference: `resolved` is the comment's.
  @IsRefused('replies are not resolved; resolve their comment') resolved?: unknown;

  changes(): ReplyChanges {
    return {
      ...(this.body ? { markdown: this.body.markdown } : {}),
      ...(this.addedReactions ? { addedReactions: this.addedReactions } : {}),
      ...(this.removedReactions ? { removedReactions: this.removedReactions } : {}),
    };
  }
}

/** Reference UpdateCommentSchema: resolution, body and reactions, each optional. */
export class UpdateCommentBody {
  @IfPresent() @IsMarkdownBody() body?: { markdown: string };
  @IfPresent() @IsEmojiList() addedReactions?: string[];
  @IfPresent() @IsEmojiList() removedReactions?: string[];
  @IfPresent() @IsBoolean() resolved?: boolean;

  changes(): CommentChanges {
    return {
      ...(this.body ? { markdown: this.body.markdown } : {}),
      ...(this.addedReactions ? { addedReactions: this.addedReactions } : {}),
      ...(this.removedReactions ? { removedReactions: this.removedReactions } : {}),
      ...(this.resolved !== undefined ? { resolved: this.resolved } : {}),
    };
  }
}

/** Reference `format` (documentFormat): the output format of bodies. */
export class FormatParams {
  @IsOptional() @IsIn(['document', 'markdown']) format?: BodyFormat;
}

export class ListRepliesParams extends PageQuery {
  @IsOptional() @IsIn(['document', 'markdown']) format?: BodyFormat;
}

/** `authors` once (`authors=a`) or repeated (`authors=a&authors=b`), as the official client sends arrays. */
const authorsProblem = (v: unknown, field: string): string | null =>
  (Array.isArray(v) ? v : [v]).every((a) => typeof a === 'string' && a.length > 0 && a.length <= ID) && (!Array.isArray(v) || v.length <= 100)
    ? null
    : `${field}: must be user ids (at most 100)`;

/** Reference parameters of listCommentsInSpace / …InChangeRequest. */
export class ListCommentsParams extends ListRepliesParams {
  @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @IsOptional() @IsIn(['all', 'open', 'resolved']) status?: 'all' | 'open' | 'resolved';
  @IsOptional() @IsString() @MaxLength(ID) targetPage?: string;
  @IsOptional() @Satisfies('isAuthors', authorsProblem) authors?: string | string[];

  filters(): CommentFilters {
    return {
      order: this.order ?? 'desc',
      status: this.status ?? 'all',
      ...(this.targetPage !== undefined ? { targetPage: this.targetPage } : {}),
      ...(this.authors !== undefined ? { authors: Array.isArray(this.authors) ? this.authors : [this.authors] } : {}),
    };
  }
}
