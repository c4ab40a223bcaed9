import { plainToInstance, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsISO8601, IsString, Length, MaxLength, ValidateNested, validateSync } from 'class-validator';
import { BadRequest, describeValidationErrors, IfPresent, Satisfies } from '@app/platform';
import type { ConversationInput } from '../application/commands/ingest-conversation.command';
import type { PartRole } from '../domain/conversation.events';
import { attributesProblem, BATCH_MAX, ID_MAX, PART_BODY_MAX, PARTS_MAX, SUBJECT_MAX, uriProblem } from '../domain/conversation-rules';

/** The reference ConversationPartMessage. */
export class ConversationPartBody {
  @IsIn(['message']) type!: 'message';
  @IsIn(['user', 'assistant', 'team-member']) role!: PartRole;
  @IsString() @MaxLength(PART_BODY_MAX) body!: string;
}

/** The reference ConversationMetadata: `url` an absolute URI, `attributes` string to string. */
export class ConversationMetadataBody {
  @IfPresent() @Satisfies('isUri', uriProblem) url?: string;
  @IfPresent() @Satisfies('isAttributes', attributesProblem) attributes?: Record<string, string>;
  @IfPresent() @IsISO8601({ strict: true }) createdAt?: string;
}

/** The reference ConversationInput. */
export class ConversationBody {
  @IsString() @Length(1, ID_MAX) id!: string;
  @IfPresent() @IsString() @MaxLength(SUBJECT_MAX) subject?: string;
  @IfPresent() @ValidateNested() @Type(() => ConversationMetadataBody) metadata?: ConversationMetadataBody;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(PARTS_MAX) @ValidateNested({ each: true }) @Type(() => ConversationPartBody) parts!: ConversationPartBody[];
}

/** PATCH of a cluster (the contract's body). */
export class PatchClusterBody {
  @IsBoolean() muted!: boolean;
}

const OPTIONS = { whitelist: true, forbidNonWhitelisted: true } as const;

/**
 * ingestConversation takes one ConversationInput or an array of them (the reference's oneOf);
 * each is validated by the DTO above with the same rules and messages as every body
 * (`[2].parts[0].role: …` for an array).
 */
export function conversationsOf(body: unknown): ConversationInput[] {
  const many = Array.isArray(body);
  if (!many && (typeof body !== 'object' || body === null)) throw new BadRequest('body: must be a conversation object or an array of them');
  const list = many ? (body as unknown[]) : [body];
  if (many && (list.length === 0 || list.length > BATCH_MAX)) throw new BadRequest(`body: an array of 1 to ${BATCH_MAX} conversations`);
  const ids = new Set<string>();
  return list.map((item, i) => {
    const at = many ? `[${i}]` : '';
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new BadRequest(`${at || 'body'}: must be a conversation object`);
    const dto = plainToInstance(ConversationBody, item);
    const errors = validateSync(dto, OPTIONS);
    if (errors.length) {
      const messages = describeValidationErrors(errors).map((m) =>
        m.includes(': unknown field') && m.startsWith('body.') ? m.replace(/^body\./, 'body.') : m,
      );
      throw new BadRequest(messages.map((m) => (at ? `${at}.${m.replace(/^body\./, '')}` : m)).join('; '));
    }
    if (ids.has(dto.id)) throw new BadRequest(`${at}.id: appears twice in one request`);
    ids.add(dto.id);
    return dto;
  });
}
