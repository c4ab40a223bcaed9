import { Transform } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AuditFilter } from '../../ports';

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)) ? Number(value) : value);

/** Query of listOrganizationAuditEvents (and the resource histories): the reference's filters and paging. */
export class AuditEventsParams {
  @IsOptional()
  @IsString()
  page?: string;

  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from: must be an ISO 8601 date-time' })
  from?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to: must be an ISO 8601 date-time' })
  to?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  action?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  actor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  target?: string;
}

export const DEFAULT_AUDIT_PAGE = 20;

/** The filter of a validated query; instants normalised to the stored form (UTC, milliseconds) so they compare as strings. */
export function auditFilterOf(q: AuditEventsParams): AuditFilter {
  return {
    ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
    ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
    ...(q.action ? { actions: [q.action] } : {}),
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.target ? { target: q.target } : {}),
  };
}
