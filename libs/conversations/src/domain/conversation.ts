import { Decider, unreachable } from '@app/platform';
import { ConversationContent, ConversationEvent, ExtractedIssue, Impact, impactRank } from './conversation.events';

export interface ConversationState {
  conversation: {
    organizationId: string;
    conversationId: string;
    ingestionId: string;
    contentHash: string;
    createdAt: string;
    /** The ingestion whose issues are recorded / which is fully processed (null: not yet). */
    extractedFor: string | null;
    processedFor: string | null;
    issueIds: string[];
    impact: Impact | null;
  } | null;
}

interface Addressed {
  organizationId: string;
  conversationId: string;
}
export type ConversationCommand =
  /** `content.createdAt` null: the metadata gave none, the first ingestion's time stands. */
  | (Addressed & {
      type: 'IngestConversation';
      ingestionId: string;
      contentHash: string;
      content: Omit<ConversationContent, 'createdAt'> & { createdAt: string | null };
    })
  | (Addressed & { type: 'RecordIssues'; ingestionId: string; extractor: string; issues: ExtractedIssue[] })
  | (Addressed & { type: 'MarkProcessed'; ingestionId: string });

/** The highest impact among the issues (a conversation without issues has none). */
export const highestImpact = (issues: Array<{ impact: Impact }>): Impact | null =>
  issues.reduce<Impact | null>((h, i) => (h === null || impactRank(i.impact) > impactRank(h) ? i.impact : h), null);

/**
 * One ingested conversation. Ingesting its id again with the same content changes nothing; with
 * other content it replaces it and asks for processing again. Processing is two steps, each
 * accepted once per ingestion (retries and late finishers of a superseded ingestion are no-ops):
 * the extracted issues are recorded, then (after clustering) the conversation is marked processed.
 */
export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: { conversation: null },
  evolve(s, e) {
    switch (e.type) {
      case 'ConversationIngested':
      case 'ConversationReingested': {
        const { organizationId, conversationId, ingestionId, contentHash, createdAt } = e.data;
        const before = s.conversation;
        return {
          conversation: {
            organizationId,
            conversationId,
            ingestionId,
            contentHash,
            createdAt,
            extractedFor: null,
            processedFor: null,
            issueIds: before?.issueIds ?? [],
            impact: before?.impact ?? null,
          },
        };
      }
      case 'ConversationIssuesExtracted':
        return {
          conversation: {
            ...s.conversation!,
            extractedFor: e.data.ingestionId,
            issueIds: e.data.issues.map((i) => i.issueId),
            impact: highestImpact(e.data.issues),
          },
        };
      case 'ConversationProcessed':
        return { conversation: { ...s.conversation!, processedFor: e.data.ingestionId, impact: e.data.impact } };
      default:
        return unreachable(e);
    }
  },
  decide(c, s, now) {
    const at = now.toISOString();
    const { organizationId, conversationId } = c;
    const conv = s.conversation;
    switch (c.type) {
      case 'IngestConversation': {
        if (conv?.contentHash === c.contentHash) return [];
        const createdAt = c.content.createdAt ?? conv?.createdAt ?? at;
        const data = { organizationId, conversationId, ingestionId: c.ingestionId, contentHash: c.contentHash, ingestedAt: at, ...c.content, createdAt };
        return [{ type: conv ? 'ConversationReingested' : 'ConversationIngested', data }];
      }
      case 'RecordIssues': {
        if (!conv || conv.ingestionId !== c.ingestionId || conv.extractedFor === c.ingestionId) return [];
        const kept = new Set(c.issues.map((i) => i.issueId));
        const removedIssueIds = conv.issueIds.filter((id) => !kept.has(id));
        return [
          {
            type: 'ConversationIssuesExtracted',
            data: { organizationId, conversationId, ingestionId: c.ingestionId, extractor: c.extractor, issues: c.issues, removedIssueIds, extractedAt: at },
          },
        ];
      }
      case 'MarkProcessed': {
        if (!conv || conv.ingestionId !== c.ingestionId || conv.extractedFor !== c.ingestionId || conv.processedFor === c.ingestionId) return [];
        return [{ type: 'ConversationProcessed', data: { organizationId, conversationId, ingestionId: c.ingestionId, processedAt: at, impact: conv.impact } }];
      }
      default:
        return unreachable(c);
    }
  },
};
