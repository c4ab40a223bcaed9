import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IfPresent, IsArrayOf, IsHttpUrl } from '@app/platform';

/** The patterns' form and the lengths are the decider's rules too (domain/webhook.ts). */
const EVENTS = 'must be an audit action id (space.created) or a prefix ending in * (space.*)';
const DESCRIPTION = { message: '$property: must be a string of at most 500 characters (or null)' };
const ACTIVE = { message: '$property: must be a boolean' };
const isPattern = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;

class WebhookFieldsBody {
  @IfPresent()
  @ValidateIf((_o, v) => v !== null)
  @IsString(DESCRIPTION)
  @MaxLength(500, DESCRIPTION)
  description?: string | null;

  @IfPresent()
  @IsBoolean(ACTIVE)
  active?: boolean;
}

/** Body of POST /orgs/{organizationId}/webhooks. */
export class CreateWebhookBody extends WebhookFieldsBody {
  @IsHttpUrl()
  url!: string;

  @IsArrayOf(isPattern, EVENTS, { max: 100 })
  events!: string[];
}

/** Body of PATCH …/webhooks/{webhookId}: any of the create fields; `active: true` enables a disabled endpoint again. */
export class UpdateWebhookBody extends WebhookFieldsBody {
  @IfPresent()
  @IsHttpUrl()
  url?: string;

  @IfPresent()
  @IsArrayOf(isPattern, EVENTS, { max: 100 })
  events?: string[];
}
