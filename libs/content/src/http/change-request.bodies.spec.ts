import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { validationPipe } from '@app/platform';
import { CreateChangeRequestBody, RequestReviewersBody, SubmitReviewBody, UpdateChangeRequestBody } from './change-request.bodies';
import { filtersOf, ListChangeRequestsParams, ListSpaceChangeRequestsParams } from './query-params';

async function read<T>(metatype: new () => T, value: unknown, type: 'body' | 'query' = 'body'): Promise<T | string> {
  try {
    return (await validationPipe().transform(value, { type, metatype })) as T;
  } catch (e) {
    return ((e as BadRequestException).getResponse() as { message: string }).message;
  }
}
const document = {
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }],
};

describe('change request bodies', () => {
  it('create: defaults, a template with content refs, and the reference fields this server ignores', async () => {
    expect(((await read(CreateChangeRequestBody, {})) as CreateChangeRequestBody).toInput()).toEqual({
      subject: '',
      status: 'draft',
      template: null,
      conversationsIssuesCluster: null,
    });
    const body = await read(CreateChangeRequestBody, {
      subject: 'S',
      status: 'open',
      agentTaskId: 't',
      template: { id: 'product-docs', params: { contentRefs: { product: { kind: 'url', url: 'https://x.test' } } } },
    });
    expect((body as CreateChangeRequestBody).toInput()).toEqual({
      subject: 'S',
      status: 'open',
      conversationsIssuesCluster: null,
      template: { id: 'product-docs', contentRefs: { product: { kind: 'url', url: 'https://x.test' } } },
    });
  });

  it.each([
    [{ subject: 'x'.repeat(101) }, /^subject: must be at most 100 characters/],
    [{ status: 'merged' }, /^status: must be one of draft, open/],
    [{ template: 'blank' }, /^template: must be an object/],
    [{ template: {} }, /^template\.id: is required/],
    [{ template: { id: 'blank', extra: 1 } }, /^template\.extra: unknown field/],
    [{ template: { id: 'blank', params: { contentRefs: { product: { url: 'x' } } } } }, /^template\.params\.contentRefs\.product\.kind: must be a string/],
    [{ conversationsIssuesCluster: '' }, /^conversationsIssuesCluster: must be at least 1 characters/],
    [{ colour: 1 }, /^body\.colour: unknown field/],
  ])('create refuses %j', async (body, message) => {
    expect(await read(CreateChangeRequestBody, body)).toMatch(message);
  });

  it('patch: the description document becomes markdown; bad input names the field', async () => {
    expect(((await read(UpdateChangeRequestBody, { subject: 'New', description: document, status: 'open' })) as UpdateChangeRequestBody).toPatch()).toEqual({
      subject: 'New',
      description: 'Why',
      status: 'open',
    });
    expect(((await read(UpdateChangeRequestBody, {})) as UpdateChangeRequestBody).toPatch()).toEqual({});
    for (const [body, message] of [
      [{ status: 'merged' }, /^status: must be one of draft, open, archived/],
      [{ subject: 'x'.repeat(101) }, /^subject: must be at most 100 characters/],
      [{ colour: 1 }, /^body\.colour: unknown field/],
      [{ description: { object: 'nope' } }, /^description\.object: must be "document"/],
    ] as const)
      expect(await read(UpdateChangeRequestBody, body)).toMatch(message);
  });

  it('requested reviewers: user ids, at least one', async () => {
    const ok = (await read(RequestReviewersBody, { users: ['u1'], subject: 'S' })) as RequestReviewersBody;
    expect([ok.users, ok.details()]).toEqual([['u1'], { subject: 'S' }]);
    expect(await read(RequestReviewersBody, { users: [] })).toMatch(/^users: must contain at least one user id/);
    expect(await read(RequestReviewersBody, {})).toMatch(/^users: is required/);
    expect(await read(RequestReviewersBody, { users: [1] })).toMatch(/^users: must be an array of strings/);
  });

  it('reviews: a status, and no comment', async () => {
    expect(((await read(SubmitReviewBody, { status: 'approved' })) as SubmitReviewBody).status).toBe('approved');
    expect(await read(SubmitReviewBody, {})).toMatch(/^status: must be one of approved, changes-requested/);
    expect(await read(SubmitReviewBody, { status: 'approved', comment: {} })).toMatch(/^comment: review comments are not supported/);
  });

  it('listing filters: statuses (several only for an organization), open by default', async () => {
    expect(filtersOf((await read(ListSpaceChangeRequestsParams, {}, 'query')) as ListChangeRequestsParams).status).toEqual(['open']);
    expect(filtersOf((await read(ListChangeRequestsParams, { status: ['open', 'merged'] }, 'query')) as ListChangeRequestsParams).status).toEqual([
      'open',
      'merged',
    ]);
    expect(await read(ListSpaceChangeRequestsParams, { status: ['open', 'merged'] }, 'query')).toMatch(/^status: must be a single status/);
    expect(await read(ListSpaceChangeRequestsParams, { status: 'nope' }, 'query')).toMatch(/^status: must be one of draft, open, archived, merged/);
    expect(await read(ListChangeRequestsParams, { status: ['open', 'nope'] }, 'query')).toMatch(/^status: must be one of/);
  });
});
