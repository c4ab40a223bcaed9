import { createHash } from 'crypto';
import { DomainEvent } from '@app/platform';

/**
 * Conversation ids are the caller's (1..255 characters of anything, unique per organization):
 * streams and read-model documents are named by a digest of the id, never the id itself.
 */
export const conversationKey = (organizationId: string, conversationId: string) =>
  createHash('sha256').update(`${organizationId}\u0000${conversationId}`).digest('hex').slice(0, 32);
export const conversationStream = (organizationId: string, conversationId: string) =>
  `conversations.conversation-${organizationId}.${conversationKey(organizationId, conversationId)}`;
/** Issue ids are derived from the conversation and the issue's rank: re-ingestion updates, never duplicates. */
export const issueIdOf = (organizationId: string, conversationId: string, index: number) =>
  createHash('sha256').update(`${organizationId}\u0000${conversationId}\u0000${index}`).digest('hex').slice(0, 24);

export type Impact = 'low' | 'medium' | 'high';
export const IMPACTS: readonly Impact[] = ['low', 'medium', 'high'];
export const impactRank = (i: Impact) => IMPACTS.indexOf(i);

export type PartRole = 'user' | 'assistant' | 'team-member';
export interface ConversationPart {
  type: 'message';
  role: PartRole;
  body: string;
}
export interface ConversationMetadata {
  url?: string;
  attributes?: Record<string, string>;
  createdAt?: string;
}
/** What one ingestion recorded: the body as given, plus the derived source and creation date. */
export interface ConversationContent {
  subject: string | null;
  parts: ConversationPart[];
  metadata: ConversationMetadata;
  source: string;
  createdAt: string;
}

/** Which sentence of which message made an issue, and the rules it matched (the explanation). */
export interface IssueEvidence {
  part: number;
  sentence: string;
  rules: string[];
}
export interface ExtractedIssue {
  issueId: string;
  title: string;
  /** Plain text; `details` (a rich-text document) is built from it and the evidence. */
  summary: string;
  impact: Impact;
  impactRules: string[];
  evidence: IssueEvidence[];
}

interface Addressed {
  organizationId: string;
  conversationId: string;
}

export type ConversationIngested = Addressed & ConversationContent & { ingestionId: string; contentHash: string; ingestedAt: string };
export type ConversationIssuesExtracted = Addressed & {
  ingestionId: string;
  extractor: string;
  issues: ExtractedIssue[];
  /** Issues of an earlier ingestion that this one no longer has. */
  removedIssueIds: string[];
  extractedAt: string;
};
export type ConversationProcessed = Addressed & { ingestionId: string; processedAt: string; impact: Impact | null };

export type ConversationEvent =
  | DomainEvent<'ConversationIngested', ConversationIngested>
  /** The same id ingested again with other content: replaces it and is processed again. */
  | DomainEvent<'ConversationReingested', ConversationIngested>
  | DomainEvent<'ConversationIssuesExtracted', ConversationIssuesExtracted>
  | DomainEvent<'ConversationProcessed', ConversationProcessed>;

export const CONVERSATION_EVENT_TYPES: ReadonlyArray<ConversationEvent['type']> = [
  'ConversationIngested',
  'ConversationReingested',
  'ConversationIssuesExtracted',
  'ConversationProcessed',
];
