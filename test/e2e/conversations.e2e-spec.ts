import { GitBookAPI } from '@gitbook/api';
import { FakeChatServer } from '../../libs/conversations/src/testing/fake-chat-server';
import { expectMatchesOperation, expectMatchesSchema } from '../support/reference-schema';
import { callOperation, clientError, email, startTestApp, TestApp } from '../support/test-app';

const webhookDocs = (id: string, extra = '') => ({
  id,
  subject: 'Webhook signatures',
  metadata: { url: `https://support.example.com/tickets/${id}`, attributes: { plan: 'pro' }, createdAt: '2026-02-26T09:00:00.000Z' },
  parts: [
    { type: 'message', role: 'user', body: `The webhook guide doesn't explain how to verify the signature header. ${extra}` },
    { type: 'message', role: 'team-member', body: 'Thanks, we will look into it.' },
  ],
});
const thanks = (id: string) => ({ id, parts: [{ type: 'message', role: 'user', body: 'Thanks a lot, everything works now. Have a nice day!' }] });

/**
 * Conversations through the official client, each answer validated against the reference:
 * ingestion (validated, idempotent by id, permission), processing by the saga's timer with the
 * default extractor and with an LLM behind a local fake endpoint, issues and clusters.
 * The cluster's `summary` is a rich-text document as the contract says (the reference has a
 * string), so clusters are validated against the reference with that one field set aside.
 */
describe('Conversations (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let reader: string;
  let api: GitBookAPI['orgs'];

  async function processAll() {
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
  }
  const expectCluster = (c: any) => expectMatchesSchema('ConversationsIssuesCluster', { ...c, summary: 'document (contract)' });

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin } = await t.bootstrap('Conversations Org', email('admin')));
    [{ token: reader }] = await t.cli('user', 'create', '--email', email('reader'), '--name', 'Reader', '--org', orgId, '--role', 'read');
    api = t.client(admin).orgs;
  });
  afterAll(() => t?.close());

  it('ingests (204), lists and gets a conversation; processing sets processedAt and extracts an explained issue', async () => {
    const res = await api.ingestConversation(orgId, webhookDocs('t-1') as any);
    expect(res.status).toBe(204);
    const pending = await api.getConversationById(orgId, 't-1');
    expectMatchesOperation('getConversationById', 200, pending.data);
    expect(pending.data.conversation).toMatchObject({ id: 't-1', source: 'integration:support.example.com:web', createdAt: '2026-02-26T09:00:00.000Z' });
    expect(pending.data.conversation.urls.source).toBe('https://support.example.com/tickets/t-1');
    expect(pending.data.conversation.processedAt).toBeUndefined();
    expect(pending.data.metadata.attributes).toEqual({ plan: 'pro' });

    await processAll();
    const done = (await api.getConversationById(orgId, 't-1')).data.conversation as any;
    expect(done.processedAt).toEqual(expect.any(String));
    expect(done.impact).toBe('low');
    const issues = await api.listConversationsIssues(orgId, { conversation: 't-1' });
    expectMatchesOperation('listConversationsIssues', 200, issues.data);
    expect(issues.data.items).toHaveLength(1);
    const [{ issue, conversation }] = issues.data.items as any[];
    expect(conversation.id).toBe('t-1');
    expect(issue).toMatchObject({ object: 'conversation-issue', impact: 'low', conversation: 't-1', cluster: expect.any(String) });
    expect(issue.title).toMatch(/webhook guide/i);
    expect(issue.details.object).toBe('document');
    expect(issue.explanation.evidence[0]).toMatchObject({ part: 0, rules: expect.arrayContaining(['docs-missing']) });
    const one = await api.getConversationIssueById(orgId, issue.id);
    expectMatchesOperation('getConversationIssueById', 200, one.data);
  });

  it('the same id again never duplicates; new content replaces it and is processed again', async () => {
    await api.ingestConversation(orgId, webhookDocs('t-1') as any);
    await processAll();
    const list = (await api.listConversations(orgId)).data;
    expect(list.items.filter((c) => c.id === 't-1')).toHaveLength(1);
    await api.ingestConversation(orgId, webhookDocs('t-1', 'This blocks our launch, we cannot go live.') as any);
    expect((await api.getConversationById(orgId, 't-1')).data.conversation.processedAt).toBeUndefined();
    await processAll();
    const issues = (await api.listConversationsIssues(orgId, { conversation: 't-1' })).data.items as any[];
    expect(issues).toHaveLength(1);
    expect(issues[0].issue.impact).toBe('high');
  });

  it('a conversation without a documentation problem yields no issue; arrays are ingested; source filters', async () => {
    await api.ingestConversation(orgId, [thanks('t-2'), { ...thanks('t-3'), metadata: { url: 'mailto:someone@example.com' } }] as any);
    await processAll();
    expect((await api.listConversationsIssues(orgId, { conversation: 't-2' })).data.items).toEqual([]);
    const byEmail = (await api.listConversations(orgId, { source: 'email' })).data;
    expect(byEmail.items.map((c) => c.id)).toEqual(['t-3']);
  });

  it('similar issues join one cluster; its figures, 13-week pulse, ordering and muting', async () => {
    await api.ingestConversation(orgId, [
      webhookDocs('t-4', 'I keep getting signature mismatch errors.'),
      {
        id: 't-5',
        parts: [{ type: 'message', role: 'user', body: 'The docs do not explain how to verify the webhook signature header, nothing about the secret.' }],
      },
      {
        id: 't-6',
        parts: [{ type: 'message', role: 'user', body: 'The SSO setup guide is outdated: the SAML certificate screen no longer exists.' }],
      },
    ] as any);
    await processAll();
    const clusters = await api.listConversationsIssuesClusters(orgId, { orderBy: 'issues' });
    expect(clusters.status).toBe(200);
    clusters.data.items.forEach(expectCluster);
    const [top, ...rest] = clusters.data.items as any[];
    expect(top.stats).toMatchObject({ issues: 3, conversations: 3 });
    expect(rest.map((c) => c.stats.issues)).toEqual([1]);
    expect(top.weeklyPulse).toHaveLength(13);
    expect(top.weeklyPulse[12] + top.weeklyPulse[11]).toBe(3);
    expect(top.sources).toEqual({ 'integration:support.example.com:web': 2, 'integration:api:direct': 1 });
    const asc = (await api.listConversationsIssuesClusters(orgId, { orderBy: 'issues', order: 'asc' })).data.items.map((c) => c.id);
    expect(asc).toEqual([rest[0].id, top.id]);
    const inTop = (await api.listConversationsIssues(orgId, { cluster: top.id })).data.items;
    expect(inTop).toHaveLength(3);

    const muted = await t.http
      .patch(`/v1/orgs/${orgId}/conversations-clusters/${top.id}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ muted: true });
    expect(muted.status).toBe(200);
    expect(muted.body.muted).toBe(true);
    expectCluster(muted.body);
    const got = await api.getConversationsIssuesCluster(orgId, top.id);
    expect((got.data as any).muted).toBe(true);
    expect((await api.listConversationsIssuesClusters(orgId)).data.items.map((c) => c.id)).toContain(top.id);

    // Muted clusters are excluded from change-request creation; the other cluster is not.
    const space = (await api.createSpace(orgId, { title: 'Docs' })).data;
    const fromMuted = await clientError(t.client(admin).spaces.createChangeRequest(space.id, { subject: 'Fix', conversationsIssuesCluster: top.id } as any));
    expect([fromMuted.code, fromMuted.message]).toEqual([400, expect.stringMatching(/conversationsIssuesCluster: .* muted/)]);
    const fromOther = await t.client(admin).spaces.createChangeRequest(space.id, { subject: 'Fix', conversationsIssuesCluster: rest[0].id } as any);
    expect(fromOther.status).toBe(201);
    const unmuted = await t.http
      .patch(`/v1/orgs/${orgId}/conversations-clusters/${top.id}`)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ muted: false });
    expect(unmuted.body.muted).toBe(false);
    expect((await t.client(admin).spaces.createChangeRequest(space.id, { subject: 'Fix', conversationsIssuesCluster: top.id } as any)).status).toBe(201);
  });

  it('refuses bad input (400 naming the field), readers cannot ingest (403), unknown ids are 404', async () => {
    const bad = async (body: unknown, message: RegExp) => {
      const res = await callOperation(t, 'ingestConversation', { organizationId: orgId }, admin, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    };
    await bad({ id: 'x', parts: [] }, /parts/);
    await bad({ id: 'x', parts: [{ type: 'message', role: 'bot', body: 'a' }] }, /parts\[0\]\.role/);
    await bad({ id: 'x', parts: [{ type: 'note', role: 'user', body: 'a' }] }, /parts\[0\]\.type/);
    await bad({ id: 'x', metadata: { url: 'not a uri' }, parts: [{ type: 'message', role: 'user', body: 'a' }] }, /metadata\.url/);
    await bad({ id: 'x', metadata: { attributes: { a: 1 } }, parts: [{ type: 'message', role: 'user', body: 'a' }] }, /metadata\.attributes/);
    await bad({ id: '', parts: [{ type: 'message', role: 'user', body: 'a' }] }, /id/);
    await bad(
      [
        { id: 'x', parts: [{ type: 'message', role: 'user', body: 'a' }] },
        { id: 'y', parts: 'no' },
      ],
      /\[1\]\.parts/,
    );
    const denied = await clientError(t.client(reader).orgs.ingestConversation(orgId, thanks('t-9') as any));
    expect(denied.code).toBe(403);
    expect((await clientError(api.getConversationById(orgId, 'nope'))).code).toBe(404);
    expect((await clientError(api.getConversationIssueById(orgId, 'nope'))).code).toBe(404);
    expect((await clientError(api.getConversationsIssuesCluster(orgId, 'nope'))).code).toBe(404);
  });
});

describe('Conversations with the LLM extractor (e2e, local fake endpoint)', () => {
  const llm = new FakeChatServer((c) =>
    c.parts.some((p) => p.role === 'user' && /rate limit/i.test(p.body))
      ? [
          {
            title: 'Rate limits are not documented',
            summary: 'The API reference has no rate limit section.',
            impact: 'medium',
            quotes: ['The API reference never mentions the rate limit.'],
          },
        ]
      : [],
  );
  let t: TestApp;
  let orgId: string;
  let api: GitBookAPI['orgs'];

  beforeAll(async () => {
    await llm.start();
    t = await startTestApp({ config: { conversationsOpenaiUrl: llm.url, conversationsOpenaiApiKey: llm.apiKey, conversationsOpenaiModel: 'fake-model' } });
    let admin: string;
    ({ organizationId: orgId, token: admin } = await t.bootstrap('LLM Org', email('admin')));
    api = t.client(admin).orgs;
  });
  afterAll(async () => {
    await t?.close();
    await llm.stop();
  });

  it('extracts through the chat endpoint (key sent, quotes kept as evidence) and clusters the issue; a failing endpoint is retried later', async () => {
    await api.ingestConversation(orgId, [
      { id: 'l-1', parts: [{ type: 'message', role: 'user', body: 'Hi. The API reference never mentions the rate limit. We got throttled.' }] },
      { id: 'l-2', parts: [{ type: 'message', role: 'user', body: 'Just saying hello.' }] },
    ] as any);
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${llm.apiKey}` });
    const items = (await api.listConversationsIssues(orgId)).data.items as any[];
    expect(items.map((i) => [i.conversation.id, i.issue.title, i.issue.impact])).toEqual([['l-1', 'Rate limits are not documented', 'medium']]);
    expect(items[0].issue.explanation).toMatchObject({ extractor: 'llm:fake-model', evidence: [{ part: 0, rules: ['llm'] }] });
    expect((await api.listConversationsIssuesClusters(orgId)).data.items).toHaveLength(1);

    llm.failing = true;
    await api.ingestConversation(orgId, { id: 'l-3', parts: [{ type: 'message', role: 'user', body: 'The rate limit docs are wrong.' }] } as any);
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    expect((await api.getConversationById(orgId, 'l-3')).data.conversation.processedAt).toBeUndefined();
    llm.failing = false;
    t.clock.advance(60_000);
    await t.scheduler.runDue();
    await t.engine.drain();
    expect((await api.getConversationById(orgId, 'l-3')).data.conversation.processedAt).toEqual(expect.any(String));
  });
});
