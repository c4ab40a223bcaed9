import { BadRequest, check, parseRoleOrNull } from '@app/platform';
import { DefaultContent, MergeRules, OrganizationSettings, validateTitle } from '../domain/organization';

const SINGLE_RULES = ['require_at_least_one_review', 'require_all_reviews_approved', 'require_agent_review', 'require_up_to_date_change_request', 'require_change_request_subject', 'require_change_request_description'];
const USER_RULES = ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'];

/** Merge rules for an organization: `{type: none}` or `{type: rules, rules[]}` (reference MergeRule). */
export function parseMergeRules(field: string, v: unknown, allowInherit: boolean): MergeRules | { type: 'inherit' } {
  const o = check.object(field, v);
  const type = check.oneOf(`${field}.type`, o.type, allowInherit ? (['inherit', 'none', 'rules'] as const) : (['none', 'rules'] as const));
  if (type !== 'rules') {
    check.onlyKeys(field, o, ['type']);
    return { type };
  }
  check.onlyKeys(field, o, ['type', 'rules']);
  if (!Array.isArray(o.rules)) throw new BadRequest(`${field}.rules: must be an array`);
  const rules = o.rules.map((r, i) => {
    const f = `${field}.rules[${i}]`;
    const rule = check.object(f, r);
    const name = check.oneOf(`${f}.rule`, rule.rule, [...SINGLE_RULES, ...USER_RULES, 'custom']);
    if (USER_RULES.includes(name)) {
      check.onlyKeys(f, rule, ['rule', 'users']);
      return { rule: name, users: check.stringArray(`${f}.users`, rule.users) };
    }
    if (name === 'custom') {
      check.onlyKeys(f, rule, ['rule', 'expression']);
      return { rule: name, expression: check.string(`${f}.expression`, rule.expression, { min: 1 }) };
    }
    check.onlyKeys(f, rule, ['rule']);
    return { rule: name };
  });
  return { type: 'rules', rules };
}

/** A site pointer (the reference's variant), or the space and collection pointers it still validates. */
function parseDefaultContent(v: unknown): DefaultContent {
  const dc = check.object('defaultContent', v);
  const type = check.oneOf('defaultContent.type', dc.type, ['site', 'space', 'collection'] as const);
  check.onlyKeys('defaultContent', dc, ['type', type]);
  const ref = check.string(`defaultContent.${type}`, dc[type], { min: 1 });
  return type === 'site' ? { type, site: ref } : type === 'space' ? { type, space: ref } : { type, collection: ref };
}

/** Validates the body of PATCH /v1/orgs/{organizationId}. */
export function parseOrganizationPatch(body: unknown): OrganizationSettings {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['title', 'emailDomains', 'hostname', 'defaultRole', 'defaultContent', 'logo', 'sso', 'ai', 'inviteLinks', 'mergeRules']);
  const out: OrganizationSettings = {};
  if ('title' in b) out.title = validateTitle(check.string('title', b.title));
  if ('emailDomains' in b) {
    out.emailDomains = check.stringArray('emailDomains', b.emailDomains).map((d, i) =>
      check.string(`emailDomains[${i}]`, d.trim().toLowerCase(), { pattern: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/ }),
    );
  }
  if ('hostname' in b) out.hostname = check.string('hostname', b.hostname, { min: 3, max: 32, pattern: /^[a-z0-9][a-z0-9-]*[a-z0-9]$/ });
  if ('defaultRole' in b) out.defaultRole = parseRoleOrNull('defaultRole', b.defaultRole);
  if ('defaultContent' in b) {
    if (b.defaultContent === null) out.defaultContent = null;
    else {
      out.defaultContent = parseDefaultContent(b.defaultContent);
    }
  }
  if ('logo' in b) out.logo = b.logo === null ? null : check.url('logo', b.logo);
  for (const flag of ['sso', 'ai', 'inviteLinks'] as const) {
    if (flag in b) {
      if (typeof b[flag] !== 'boolean') throw new BadRequest(`${flag}: must be a boolean`);
      out[flag] = b[flag] as boolean;
    }
  }
  if ('mergeRules' in b) out.mergeRules = parseMergeRules('mergeRules', b.mergeRules, false) as MergeRules;
  return out;
}
