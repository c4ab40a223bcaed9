import { createHash } from 'crypto';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing, IdGenerator, Principal } from '@app/platform';
import { conversationDecider } from '../../domain/conversation';
import { ConversationContent, ConversationMetadata, ConversationPart, conversationStream } from '../../domain/conversation.events';
import { CONVERSATION_CHARS_MAX, ConversationTooLarge, sourceOf } from '../../domain/conversation-rules';
import { ConversationAccess } from '../conversation-access';

/** One conversation as the body gives it (validated by the DTO). */
export interface ConversationInput {
  id: string;
  subject?: string;
  parts: ConversationPart[];
  metadata?: ConversationMetadata;
}

/**
 * ingestConversation: each conversation is recorded (idempotent by the caller's id: the same id
 * again replaces it, and the same content again changes nothing) and processed in the
 * background. Answered once every conversation of the request is in the event store.
 */
export class IngestConversationsCommand extends Command<void> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly conversations: ConversationInput[],
  ) {
    super();
  }
}

/** The content's digest: what decides whether an ingestion changes anything. */
const digest = (c: Omit<ConversationContent, 'createdAt'> & { createdAt: string | null }) => createHash('sha256').update(JSON.stringify(c)).digest('hex');

@CommandHandler(IngestConversationsCommand)
export class IngestConversationsHandler implements ICommandHandler<IngestConversationsCommand> {
  constructor(
    private readonly es: EventSourcing,
    private readonly ids: IdGenerator,
    private readonly access: ConversationAccess,
  ) {}

  async execute({ caller, organizationId, conversations }: IngestConversationsCommand): Promise<void> {
    await this.access.requireIngest(caller, organizationId);
    conversations.forEach((c, i) => {
      const chars = c.parts.reduce((n, p) => n + p.body.length, 0);
      if (chars > CONVERSATION_CHARS_MAX) throw new ConversationTooLarge(conversations.length > 1 ? `[${i}].parts` : 'parts');
    });
    for (const c of conversations) {
      const metadata: ConversationMetadata = { ...c.metadata };
      const base = { subject: c.subject ?? null, parts: c.parts.map(({ type, role, body }) => ({ type, role, body })), metadata, source: sourceOf(metadata) };
      const contentHash = digest({ ...base, createdAt: metadata.createdAt ?? null });
      await this.es.execute(conversationStream(organizationId, c.id), conversationDecider, {
        type: 'IngestConversation',
        organizationId,
        conversationId: c.id,
        ingestionId: this.ids.next(),
        contentHash,
        content: { ...base, createdAt: metadata.createdAt ?? null },
      });
    }
  }
}
