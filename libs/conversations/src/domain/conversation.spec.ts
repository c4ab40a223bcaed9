import { given } from '@app/platform/testing/given';
import { conversationDecider } from './conversation';
import { ConversationEvent, ConversationIngested, ExtractedIssue } from './conversation.events';

const at = '2026-01-01T00:00:00.000Z';
const addressed = { organizationId: 'o1', conversationId: 'c1' };
const content = { subject: 'S', parts: [{ type: 'message' as const, role: 'user' as const, body: 'b' }], metadata: {}, source: 'email' };
const ingested = (
  ingestionId: string,
  contentHash: string,
  type: 'ConversationIngested' | 'ConversationReingested' = 'ConversationIngested',
): ConversationEvent => ({
  type,
  data: { ...addressed, ...content, createdAt: at, ingestionId, contentHash, ingestedAt: at } satisfies ConversationIngested,
});
const issue = (issueId: string, impact: 'low' | 'high' = 'low'): ExtractedIssue => ({
  issueId,
  title: 't',
  summary: 's',
  impact,
  impactRules: [],
  evidence: [],
});
const extracted = (ingestionId: string, issues: ExtractedIssue[], removedIssueIds: string[] = []): ConversationEvent => ({
  type: 'ConversationIssuesExtracted',
  data: { ...addressed, ingestionId, extractor: 'rules', issues, removedIssueIds, extractedAt: at },
});
const ingest = (ingestionId: string, contentHash: string, createdAt: string | null = null) => ({
  type: 'IngestConversation' as const,
  ...addressed,
  ingestionId,
  contentHash,
  content: { ...content, createdAt },
});

describe('conversation decider', () => {
  it('records a first ingestion, dated by the metadata or else now', () => {
    given(conversationDecider)
      .whenCommand(ingest('i1', 'h1'))
      .then([ingested('i1', 'h1')]);
  });
  it('the same content again changes nothing (idempotent by id and content)', () => {
    given(conversationDecider, ingested('i1', 'h1')).whenCommand(ingest('i2', 'h1')).thenNothing();
  });
  it('other content under the same id is a re-ingestion that keeps the first creation date', () => {
    const reingested: ConversationEvent = {
      type: 'ConversationReingested',
      data: { ...(ingested('i2', 'h2').data as ConversationIngested), ingestedAt: '2026-02-01T00:00:00.000Z' },
    };
    given(conversationDecider, ingested('i1', 'h1')).whenCommand(ingest('i2', 'h2'), new Date('2026-02-01T00:00:00.000Z')).then([reingested]);
  });
  it('records issues once per ingestion, listing those an earlier ingestion had and this one has not', () => {
    const history = [ingested('i1', 'h1'), extracted('i1', [issue('a'), issue('b')]), ingested('i2', 'h2', 'ConversationReingested')];
    given(conversationDecider, ...history)
      .whenCommand({ type: 'RecordIssues', ...addressed, ingestionId: 'i2', extractor: 'rules', issues: [issue('a')] })
      .then([extracted('i2', [issue('a')], ['b'])]);
    given(conversationDecider, ...history, extracted('i2', [issue('a')], ['b']))
      .whenCommand({ type: 'RecordIssues', ...addressed, ingestionId: 'i2', extractor: 'rules', issues: [] })
      .thenNothing();
  });
  it('a superseded ingestion records nothing', () => {
    given(conversationDecider, ingested('i1', 'h1'), ingested('i2', 'h2', 'ConversationReingested'))
      .whenCommand({ type: 'RecordIssues', ...addressed, ingestionId: 'i1', extractor: 'rules', issues: [issue('a')] })
      .thenNothing();
  });
  it('is processed after its issues are recorded, with the highest impact, once', () => {
    given(conversationDecider, ingested('i1', 'h1'))
      .whenCommand({ type: 'MarkProcessed', ...addressed, ingestionId: 'i1' })
      .thenNothing();
    const done = [ingested('i1', 'h1'), extracted('i1', [issue('a'), issue('b', 'high')])];
    const processed: ConversationEvent = { type: 'ConversationProcessed', data: { ...addressed, ingestionId: 'i1', processedAt: at, impact: 'high' } };
    given(conversationDecider, ...done)
      .whenCommand({ type: 'MarkProcessed', ...addressed, ingestionId: 'i1' })
      .then([processed]);
    given(conversationDecider, ...done, processed)
      .whenCommand({ type: 'MarkProcessed', ...addressed, ingestionId: 'i1' })
      .thenNothing();
  });
});
