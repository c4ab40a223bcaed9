import { PreconditionFailed } from '@app/platform';
import { ChangeRequestState } from './change-request';

/** Reference MergeRulesStandaloneConfiguration (a space's `inherit` is resolved by the caller). */
export type MergeRule = { rule: string; users?: string[]; expression?: string };
export type MergeRulesConfig = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };

export interface MergeContext {
  actor: string;
  /** Whether the change request is behind main. */
  outdated: boolean;
  /** How a user is named in messages: their display name (an id that names no user stays an id). */
  name?: (userId: string) => string;
}

/** Every user a refusal may name: rule users, reviewers and requested reviewers. */
export function mergeRuleUsers(config: MergeRulesConfig, cr: ChangeRequestState): string[] {
  if (config.type !== 'rules') return [];
  return [...new Set([...config.rules.flatMap((r) => r.users ?? []), ...Object.keys(cr.reviews), ...Object.keys(cr.requested)])];
}

/**
 * Which merge rules the change request does not satisfy. Approvals count only when current
 * (not superseded by a newer review or review request of the same reviewer). Rules this server
 * cannot evaluate (agent review, custom expressions) fail closed.
 */
export function unmetMergeRules(config: MergeRulesConfig, cr: ChangeRequestState, ctx: MergeContext): string[] {
  if (config.type !== 'rules') return [];
  if (config.rules.some((r) => r.rule === 'allow_bypass' && r.users?.includes(ctx.actor))) return [];
  const current = Object.entries(cr.reviews).filter(([, r]) => !r.outdated);
  const approved = new Set(current.filter(([, r]) => r.status === 'approved').map(([u]) => u));
  const names = (ids: readonly string[]) => ids.map((u) => ctx.name?.(u) ?? u).join(', ');
  const out: string[] = [];
  for (const r of config.rules) {
    switch (r.rule) {
      case 'require_specific_reviewers': {
        const missing = (r.users ?? []).filter((u) => !approved.has(u));
        if (missing.length) out.push(`require_specific_reviewers: needs an approval from ${names(missing)}`);
        break;
      }
      case 'require_one_of_specific_reviewers':
        if (!(r.users ?? []).some((u) => approved.has(u))) out.push(`require_one_of_specific_reviewers: needs an approval from one of ${names(r.users ?? [])}`);
        break;
      case 'require_at_least_one_review':
        if (!approved.size) out.push('require_at_least_one_review: needs at least one approving review');
        break;
      case 'require_all_reviews_approved': {
        const blocking = current.filter(([, rv]) => rv.status !== 'approved').map(([u]) => u);
        const pending = Object.keys(cr.requested).filter((u) => !approved.has(u) && !blocking.includes(u));
        if (blocking.length || pending.length) out.push(`require_all_reviews_approved: waiting for ${names([...blocking, ...pending])}`);
        break;
      }
      case 'require_up_to_date_change_request':
        if (ctx.outdated) out.push('require_up_to_date_change_request: update the change request from main first');
        break;
      case 'require_change_request_subject':
        if (!cr.subject.trim()) out.push('require_change_request_subject: the change request needs a subject');
        break;
      case 'require_change_request_description':
        if (!cr.description.trim()) out.push('require_change_request_description: the change request needs a description');
        break;
      case 'allow_bypass':
        break;
      default:
        out.push(`${r.rule}: this server cannot evaluate this rule, so it blocks merging`);
    }
  }
  return out;
}

export class MergeRulesNotMet extends PreconditionFailed {
  constructor(
    id: string,
    readonly unmet: string[],
  ) {
    super(`Change request ${id} does not satisfy the space's merge rules: ${unmet.join('; ')}`);
  }
}

export function assertMergeRules(config: MergeRulesConfig, cr: ChangeRequestState, ctx: MergeContext, id: string): void {
  const unmet = unmetMergeRules(config, cr, ctx);
  if (unmet.length) throw new MergeRulesNotMet(id, unmet);
}
