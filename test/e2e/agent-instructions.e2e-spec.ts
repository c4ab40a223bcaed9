import { bearer, callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

const text = (t: string, marks: string[] = []) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) }],
});
const block = (type: string, nodes: unknown[], more: object = {}) => ({ object: 'block', type, nodes, ...more });
const doc = (...nodes: Array<Record<string, unknown>>) => ({ object: 'document', data: {}, nodes });

/** Every kind of node the instructions accept, as a client sends it (fields the reference requires left out where allowed). */
const RICH = doc(
  block('heading-1', [text('Voice')]),
  block('paragraph', [
    text('Answer '),
    text('briefly', ['bold']),
    text(' and link '),
    { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com/style' } }, nodes: [text('the guide', ['italic'])] },
  ]),
  block('list-unordered', [block('list-item', [block('paragraph', [text('No jargon', ['strikethrough'])])])]),
  block('list-ordered', [block('list-item', [block('paragraph', [text('First', ['code'])])])], { data: { start: 1 } }),
  block('list-tasks', [block('list-item', [block('paragraph', [text('Check links')])], { data: { checked: false } })]),
  block('blockquote', [block('heading-2', [text('Quoted')])]),
  block('code', [block('code-line', [text('npm test')])], { data: { syntax: 'bash' } }),
  { object: 'block', type: 'divider' },
  block('heading-3', [text('End')], { data: { align: 'center' } }),
);

describe('agent instructions (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let adminId: string;
  let admin: string;
  let editor: string;
  let outsider: string;
  let createdAt: string;

  const get = (token = admin) => callOperation(t, 'getOrganizationAgentInstructions', { organizationId: orgId }, token);
  const put = (body: unknown, token = admin) => callOperation(t, 'updateOrganizationAgentInstructions', { organizationId: orgId }, token, { body });

  beforeAll(async () => {
    t = await startTestApp();
    createdAt = t.clock.now().toISOString();
    ({ organizationId: orgId, userId: adminId, token: admin } = await t.bootstrap('Acme', email('ada')));
    [{ token: editor }] = await t.cli('user', 'create', '--email', email('ed'), '--name', 'Ed', '--org', orgId, '--role', 'edit');
    ({ token: outsider } = await t.bootstrap('Other', email('otto')));
  });
  afterAll(async () => t?.close());

  it('an organization starts with empty instructions, as its creator set it up', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'agent-instructions',
      instructions: { object: 'document', data: {}, nodes: [] },
      updatedAt: createdAt,
      updatedBy: adminId,
      urls: { location: `${t.baseUrl}/v1/orgs/${orgId}/agent-instructions` },
    });
  });

  it('an admin replaces them with a rich-text document (every supported node kind, valid for the reference); by whom and when', async () => {
    t.clock.advance(60_000);
    const res = await put({ instructions: RICH });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'agent-instructions', updatedAt: t.clock.now().toISOString(), updatedBy: adminId });
    expect(res.body.instructions.nodes).toHaveLength(RICH.nodes.length);
    expect(res.body.instructions.nodes[7]).toEqual({ object: 'block', type: 'divider', isVoid: true, data: {} });
    expect(res.body.instructions.nodes[1].nodes[3]).toEqual((RICH.nodes[1].nodes as unknown[])[3]);
    expect((await get(editor)).body).toEqual(res.body);
  });

  it('works through the official client; the same document again keeps who and when', async () => {
    const before = (await get()).body;
    t.clock.advance(60_000);
    const api = t.client(admin);
    const same = await api.orgs.updateOrganizationAgentInstructions(orgId, { instructions: before.instructions });
    expectMatchesOperation('updateOrganizationAgentInstructions', 200, same.data);
    expect(same.data).toEqual(before);
    const changed = await api.orgs.updateOrganizationAgentInstructions(orgId, { instructions: doc(block('paragraph', [text('Be kind.')])) as never });
    expect(changed.data.updatedAt).toBe(t.clock.now().toISOString());
    const got = await api.orgs.getOrganizationAgentInstructions(orgId);
    expectMatchesOperation('getOrganizationAgentInstructions', 200, got.data);
    expect(got.data).toEqual(changed.data);
  });

  it('GET carries an ETag; a PUT with a stale If-Match is 412 and changes nothing', async () => {
    const first = await t.http.get(`/v1/orgs/${orgId}/agent-instructions`).set(bearer(admin)).expect(200);
    await put({ instructions: doc(block('paragraph', [text('v2')])) }).then((r) => expect(r.status).toBe(200));
    const stale = await t.http
      .put(`/v1/orgs/${orgId}/agent-instructions`)
      .set(bearer(admin))
      .set('If-Match', first.headers.etag)
      .send({ instructions: doc(block('paragraph', [text('lost')])) });
    expect(stale.status).toBe(412);
    expect((await get()).body.instructions.nodes[0].nodes[0].leaves[0].text).toBe('v2');
  });

  it.each([
    ['no instructions', {}, 'instructions: is required'],
    ['not a document', { instructions: { object: 'block' } }, 'instructions.object: must be "document"'],
    ['an unsupported block', { instructions: doc(block('images', [])) }, 'instructions.nodes[0].type: must be one of'],
    ['a bad mark', { instructions: doc(block('paragraph', [text('x', ['color'])])) }, 'instructions.nodes[0].nodes[0].leaves[0].marks[0]: must be a mark'],
    ['an unknown field', { instructions: doc(), extra: true }, 'body.extra: unknown field'],
  ])('refuses %s (400, naming where)', async (_what, body, message) => {
    const res = await put(body);
    expect([res.status, res.body.error.message]).toEqual([400, expect.stringContaining(message)]);
  });

  it('members read, only admins write (403); outsiders learn nothing (404)', async () => {
    expect((await get(editor)).status).toBe(200);
    const denied = await put({ instructions: doc() }, editor);
    expect([denied.status, denied.body.error.message]).toEqual([403, 'Only organization admins can update the agent instructions']);
    expect((await get(outsider)).status).toBe(404);
    expect((await put({ instructions: doc() }, outsider)).status).toBe(404);
    expect((await clientError(t.client(outsider).orgs.getOrganizationAgentInstructions(orgId))).code).toBe(404);
  });
});
