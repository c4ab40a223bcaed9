import { Type } from 'class-transformer';
import { Allow, ValidateNested } from 'class-validator';
import { IfPresent, isPlainObject, IsRefused, Satisfies } from '@app/platform';
import { NewChangeRequest } from '../application/commands/create-change-request';
import { ChangeRequestPatch } from '../application/commands/update-change-request';
import { documentToMarkdown } from '../domain/markdown/document';
import { ContentRefInput } from '../domain/templates';
import { IsOneOf, IsText, objectProblem, Required, textProblem } from './content.validators';

/** A rich-text document (reference JSONDocument), checked by converting it to markdown. */
const IsJsonDocument = () =>
  Satisfies('isJsonDocument', (v, field) => {
    try {
      documentToMarkdown(v, field);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  });

/** `{kind, …}` per named slot of the template. */
function contentRefsProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  for (const [k, ref] of Object.entries(v)) {
    const p = objectProblem(ref, `${field}.${k}`) ?? textProblem((ref as { kind?: unknown }).kind, `${field}.${k}.kind`, { min: 1 });
    if (p) return p;
  }
  return null;
}

class TemplateParamsInput {
  @IfPresent() @Satisfies('isContentRefs', contentRefsProblem) contentRefs?: Record<string, ContentRefInput>;
}

export class TemplateInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) id!: string;
  @IfPresent() @Satisfies('isObject', objectProblem) @ValidateNested() @Type(() => TemplateParamsInput) params?: TemplateParamsInput;
}

/** POST /v1/spaces/{spaceId}/change-requests (reference createChangeRequest, plus template and status). */
export class CreateChangeRequestBody {
  @IfPresent() @IsText({ max: 100 }) subject?: string;
  @IfPresent() @IsOneOf(['draft', 'open']) status?: 'draft' | 'open';
  @IfPresent() @Satisfies('isObject', objectProblem) @ValidateNested() @Type(() => TemplateInput) template?: TemplateInput;
  @IfPresent() @IsText({ min: 1 }) conversationsIssuesCluster?: string;
  /** Agent tasks do not exist on this server: accepted (the reference allows it) and ignored. */
  @Allow() agentTaskId?: unknown;

  toInput(): NewChangeRequest {
    const t = this.template;
    return {
      subject: this.subject ?? '',
      status: this.status ?? 'draft',
      conversationsIssuesCluster: this.conversationsIssuesCluster ?? null,
      template: t ? { id: t.id, ...(t.params?.contentRefs ? { contentRefs: t.params.contentRefs } : {}) } : null,
    };
  }
}

/** PATCH …/change-requests/{changeRequestId}. */
export class UpdateChangeRequestBody {
  @IfPresent() @IsText({ max: 100 }) subject?: string;
  @IfPresent() @IsJsonDocument() description?: unknown;
  @IfPresent() @IsOneOf(['draft', 'open', 'archived']) status?: 'draft' | 'open' | 'archived';

  toPatch(): ChangeRequestPatch {
    return {
      ...(this.subject !== undefined ? { subject: this.subject } : {}),
      ...(this.description !== undefined ? { description: documentToMarkdown(this.description, 'description') } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
    };
  }
}

/** POST …/requested-reviewers: user ids, and optionally a new subject and description. */
export class RequestReviewersBody {
  @Required('isUserIds', (v, f) =>
    !Array.isArray(v) || v.some((x) => typeof x !== 'string')
      ? `${f}: must be an array of strings`
      : v.length
        ? null
        : `${f}: must contain at least one user id`,
  )
  users!: string[];

  @IfPresent() @IsText({ max: 100 }) subject?: string;
  @IfPresent() @IsJsonDocument() description?: unknown;

  details(): { subject?: string; description?: string } {
    return {
      ...(this.subject !== undefined ? { subject: this.subject } : {}),
      ...(this.description !== undefined ? { description: documentToMarkdown(this.description, 'description') } : {}),
    };
  }
}

/** POST …/reviews. */
export class SubmitReviewBody {
  @IsOneOf(['approved', 'changes-requested']) status!: 'approved' | 'changes-requested';
  @IsRefused('review comments are not supported by this server yet; submit the review without one') comment?: unknown;
}
