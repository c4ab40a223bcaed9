import { GitBookAPI as GitBookAPI0202 } from 'gitbook-api-0-202';
import { email, startTestApp, TestApp } from '../support/test-app';
import { expectMatches0202, expectMatchesOperation } from '../support/reference-schema';
import { api, flatten } from '../support/content-api';

/**
 * Every content and change-request operation through the official clients (0.146 for reads and
 * change requests, 0.202 for the content write), each answer validated against the reference.
 */
describe('content through the official clients (e2e)', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let reviewer: string;
  let reviewerId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    a = api(t);
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Acme', email('admin')));
    [{ token: reviewer, userId: reviewerId }] = await t.cli(
      'user',
      'create',
      '--email',
      email('rv'),
      '--name',
      'Rey Viewer',
      '--org',
      orgId,
      '--role',
      'review',
    );
  });
  afterAll(async () => t?.close());

  it('writes with the 0.202 client and reads every content operation with the 0.146 client', async () => {
    const c = t.client(admin).spaces;
    const space = (await a.createSpace(orgId, admin)).id as string;
    const cr = (await c.createChangeRequest(space, { subject: 'Everything' })).data;
    const writer = new GitBookAPI0202({ endpoint: t.baseUrl, authToken: admin });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').toString('base64');
    const written = (
      await writer.spaces.updateChangeRequestContent(
        space,
        cr.id,
        {
          changes: [
            { operation: 'insert_files', files: [{ ref: 'dot.png', name: 'dot.png', contentType: 'image/png', base64: png }] },
            { operation: 'insert_page', title: 'Guide', ref: 'guide', document: { markdown: 'See [setup](./setup.md) ![dot](./dot.png)' } },
            { operation: 'insert_page', title: 'Setup', ref: 'setup', into: 'guide', document: { markdown: 'Back to [guide](../README.md)' } },
          ],
        } as any,
        { compat: false },
      )
    ).data;
    expectMatches0202('updateChangeRequestContent', 200, written);
    const ids = Object.fromEntries(flatten((await c.listPagesInChangeRequest(space, cr.id)).data.pages).map((p: any) => [p.title, p.id]));
    const file = (written as any).insertedFiles[0].id as string;

    const calls: Array<[string, () => Promise<{ data: unknown }>]> = [
      ['listPagesInChangeRequest', () => c.listPagesInChangeRequest(space, cr.id)],
      ['getPageInChangeRequestById', () => c.getPageInChangeRequestById(space, cr.id, ids.Setup, { format: 'document' })],
      ['getPageInChangeRequestByPath', () => c.getPageInChangeRequestByPath(space, cr.id, 'guide/setup')],
      ['listFilesInChangeRequestById', () => c.listFilesInChangeRequestById(space, cr.id, { limit: 10 })],
      ['getFileInChangeRequestById', () => c.getFileInChangeRequestById(space, cr.id, file)],
      ['listChangeRequestFileBacklinks', () => c.listChangeRequestFileBacklinks(space, cr.id, file)],
      ['listPageLinksInChangeRequest', () => c.listPageLinksInChangeRequest(space, cr.id, ids.Guide)],
      ['listChangeRequestPageBacklinks', () => c.listChangeRequestPageBacklinks(space, cr.id, ids.Setup)],
      ['getChangeRequestPDF', () => c.getChangeRequestPdf(space, cr.id, { page: ids.Guide, only: true })],
      ['requestReviewersForChangeRequest', () => c.requestReviewersForChangeRequest(space, cr.id, { users: [reviewerId] })],
      ['getRequestedReviewersByChangeRequestId', () => c.getRequestedReviewersByChangeRequestId(space, cr.id)],
      ['getContributorsByChangeRequestId', () => c.getContributorsByChangeRequestId(space, cr.id)],
    ];
    for (const [operationId, call] of calls) expectMatchesOperation(operationId, 200, (await call()).data);
    const review = (await t.client(reviewer).spaces.submitChangeRequestReview(space, cr.id, { status: 'approved' as never })).data;
    expectMatchesOperation('getReviewsByChangeRequestId', 200, (await c.getReviewsByChangeRequestId(space, cr.id)).data);
    expectMatchesOperation('getChangeRequestReviewById', 200, (await c.getChangeRequestReviewById(space, cr.id, review.id)).data);
    const merged = (await c.mergeChangeRequest(space, cr.id)).data;

    const main: Array<[string, () => Promise<{ data: unknown }>]> = [
      ['getCurrentRevision', () => c.getCurrentRevision(space, { metadata: false, computed: true })],
      ['listPages', () => c.listPages(space)],
      ['getPageById', () => c.getPageById(space, ids.Guide, { format: 'markdown', evaluated: true })],
      ['getPageByPath', () => c.getPageByPath(space, 'guide/setup')],
      ['listFiles', () => c.listFiles(space)],
      ['getFileById', () => c.getFileById(space, file)],
      ['listSpaceFileBacklinks', () => c.listSpaceFileBacklinks(space, file)],
      ['listPageLinksInSpace', () => c.listPageLinksInSpace(space, ids.Setup)],
      ['listSpacePageBacklinks', () => c.listSpacePageBacklinks(space, ids.Guide)],
      ['listSpaceLinks', () => c.listSpaceLinks(space)],
      ['getSpacePDF', () => c.getSpacePdf(space)],
      ['getRevisionById', () => c.getRevisionById(space, merged.revision)],
      ['listPagesInRevisionById', () => c.listPagesInRevisionById(space, merged.revision)],
      ['listFilesInRevisionById', () => c.listFilesInRevisionById(space, merged.revision)],
      ['getFileInRevisionById', () => c.getFileInRevisionById(space, merged.revision, file)],
      ['getPageInRevisionById', () => c.getPageInRevisionById(space, merged.revision, ids.Setup)],
      ['getPageInRevisionByPath', () => c.getPageInRevisionByPath(space, merged.revision, 'guide')],
    ];
    for (const [operationId, call] of main) expectMatchesOperation(operationId, 200, (await call()).data);
    const setup = (await c.getPageById(space, ids.Setup)).data as any;
    expect(setup.markdown).toBe(`# Setup\n\nBack to [guide](/pages/${ids.Guide})`);
    expect((await c.listSpacePageBacklinks(space, ids.Guide)).data.count).toBe(1);
  });
});
