import { IsISO8601, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { AuditFilter } from '../../ports';

/**
 * The audit-event list's filters (`from`, `to`, `action`, `actor`, `target`, as the newer
 * reference's listOrganizationAuditEvents has them); `action` also takes a prefix ending in `*`
 * (`space.*`), as webhook subscriptions do. No paging: a stream has no pages.
 */
export class ChangeFeedQuery {
  @IsOptional() @IsISO8601({ strict: true }, { message: 'from: must be an ISO 8601 date-time' }) from?: string;
  @IsOptional() @IsISO8601({ strict: true }, { message: 'to: must be an ISO 8601 date-time' }) to?: string;
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/^(\*|[a-z0-9][a-z0-9._-]*\*?)$/, { message: 'action: must be an audit action id (e.g. space.created) or a prefix ending in * (e.g. space.*)' })
  action?: string;
  @IsOptional() @IsString() @Length(1, 200) actor?: string;
  @IsOptional() @IsString() @Length(1, 200) target?: string;
}

/** The query as the audit log's filter; `to` before `from` is refused. */
export function filterOf(q: ChangeFeedQuery): AuditFilter | string {
  if (q.from && q.to && Date.parse(q.to) < Date.parse(q.from)) return 'to: must not be before from';
  return {
    ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
    ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
    ...(q.action ? { actions: [q.action] } : {}),
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.target ? { target: q.target } : {}),
  };
}

/** Whether an Accept header asks for text/event-stream (with a non-zero q); any other answers 406. */
export function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'text/event-stream') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
