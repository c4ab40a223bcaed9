import { ConversationPart, Impact, IssueEvidence } from '../../domain/conversation.events';

/** What an extractor reads: the conversation as ingested. */
export interface ConversationText {
  subject: string | null;
  parts: ConversationPart[];
}

/** One documentation issue found, with why (sentences and rules), before ids are given. */
export interface FoundIssue {
  title: string;
  summary: string;
  impact: Impact;
  impactRules: string[];
  evidence: IssueEvidence[];
}

/**
 * The port that turns a conversation into zero or more documentation issues. Adapters: the
 * deterministic rule extractor (default, no service) and an OpenAI-compatible chat endpoint.
 * It may throw (a service down): the processing then retries with the scheduler's backoff.
 */
export abstract class IssueExtractor {
  abstract readonly name: string;
  abstract extract(conversation: ConversationText): Promise<FoundIssue[]>;
}
