import { BadRequest, check } from '@app/platform';
import { NewChangeRequest } from '../application/commands/create-change-request';
import { ChangeRequestPatch } from '../application/commands/update-change-request';
import { documentToMarkdown } from '../domain/markdown/document';
import { ContentRefInput } from '../domain/templates';

const subject = (v: unknown) => check.string('subject', v, { max: 100 });

/** POST /v1/spaces/{spaceId}/change-requests: subject, template; other properties are allowed by the reference and ignored. */
export function parseCreateChangeRequest(body: unknown): NewChangeRequest {
  const b = check.object('body', body ?? {});
  let template: NewChangeRequest['template'] = null;
  if ('template' in b) {
    const t = check.object('template', b.template);
    check.onlyKeys('template', t, ['id', 'params']);
    const id = check.string('template.id', t.id, { min: 1 });
    let contentRefs: Record<string, ContentRefInput> | undefined;
    if ('params' in t) {
      const p = check.object('template.params', t.params);
      check.onlyKeys('template.params', p, ['contentRefs']);
      if ('contentRefs' in p) {
        const refs = check.object('template.params.contentRefs', p.contentRefs);
        contentRefs = Object.fromEntries(Object.entries(refs).map(([k, v]) => {
          const r = check.object(`template.params.contentRefs.${k}`, v);
          check.string(`template.params.contentRefs.${k}.kind`, r.kind, { min: 1 });
          return [k, r as ContentRefInput];
        }));
      }
    }
    template = { id, ...(contentRefs ? { contentRefs } : {}) };
  }
  return {
    subject: 'subject' in b ? subject(b.subject) : '',
    status: 'status' in b ? check.oneOf('status', b.status, ['draft', 'open'] as const) : 'draft',
    template,
    conversationsIssuesCluster: 'conversationsIssuesCluster' in b ? check.string('conversationsIssuesCluster', b.conversationsIssuesCluster, { min: 1 }) : null,
  };
}

const description = (v: unknown) => documentToMarkdown(v, 'description');

/** PATCH …/change-requests/{changeRequestId}. */
export function parsePatchChangeRequest(body: unknown): ChangeRequestPatch {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['subject', 'description', 'status']);
  return {
    ...('subject' in b ? { subject: subject(b.subject) } : {}),
    ...('description' in b ? { description: description(b.description) } : {}),
    ...('status' in b ? { status: check.oneOf('status', b.status, ['draft', 'open', 'archived'] as const) } : {}),
  };
}

/** POST …/requested-reviewers. */
export function parseRequestReviewers(body: unknown): { users: string[]; details: { subject?: string; description?: string } } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['users', 'subject', 'description']);
  if (!('users' in b)) throw new BadRequest('users: is required');
  const users = check.stringArray('users', b.users);
  if (!users.length) throw new BadRequest('users: must contain at least one user id');
  return { users, details: { ...('subject' in b ? { subject: subject(b.subject) } : {}), ...('description' in b ? { description: description(b.description) } : {}) } };
}

/** POST …/reviews. */
export function parseReview(body: unknown): { status: 'approved' | 'changes-requested' } {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['status', 'comment']);
  if ('comment' in b) throw new BadRequest('comment: review comments are not supported by this server yet; submit the review without one');
  return { status: check.oneOf('status', b.status, ['approved', 'changes-requested'] as const) };
}
