import { IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { IfPresent, IsArrayOf, isPlainObject, PageQuery, Satisfies, unknownKeyProblem } from '@app/platform';
import { AGENTS_CONTEXTS, AgentsContext, SITE_TYPES, SITE_VISIBILITIES, SiteType, SiteVisibility } from '../domain/site.events';
import { basenameProblem, hostnameProblem, proxyProblem, Rule, siteTitleProblem } from '../domain/site-rules';
import type { SiteChanges } from '../application/commands/update-site.command';

export const BOOL = ['true', 'false'];
export const asBool = (v: string | undefined) => (v === undefined ? undefined : v === 'true');

/** A domain rule as a class-validator rule (400 "<field>: <rule>"). */
export const Follows = (name: string, rule: Rule) => Satisfies(name, rule);
/** The same, where null is also accepted (it removes the value). */
export const FollowsOrNull = (name: string, rule: Rule) => Satisfies(name, (v, field) => (v === null ? null : rule(v, field)));

/** Body of createSite (every field optional, as in the reference). */
export class CreateSiteBody {
  @IfPresent() @IsIn(SITE_TYPES) type?: SiteType;
  @IfPresent() @Follows('siteTitle', siteTitleProblem) title?: string;
  @IfPresent() @IsIn(SITE_VISIBILITIES) visibility?: SiteVisibility;
  @IfPresent() @IsArrayOf((v) => typeof v === 'string' && v.length > 0, 'must be a space id', { max: 100 }) spaces?: string[];
}

const adaptiveContentProblem = (v: unknown, field: string) =>
  !isPlainObject(v)
    ? `${field}: must be an object`
    : (unknownKeyProblem(v, ['enabled'], field) ?? (typeof v.enabled === 'boolean' ? null : `${field}.enabled: must be a boolean`));

/** Body of updateSiteById; `hostname` (the contract's Site field) is set here too, null removes it. */
export class UpdateSiteBody {
  @IfPresent() @Follows('siteTitle', siteTitleProblem) title?: string;
  @IfPresent() @IsIn(SITE_VISIBILITIES) visibility?: SiteVisibility;
  @IfPresent() @Follows('basename', basenameProblem) basename?: string;
  @IfPresent() @Satisfies('adaptiveContent', adaptiveContentProblem) adaptiveContent?: { enabled: boolean };
  @IfPresent() @IsIn(AGENTS_CONTEXTS) agentsContext?: AgentsContext;
  @IfPresent() @IsString() @MinLength(1) defaultSiteSpace?: string;
  @IfPresent() @IsString() @MinLength(1) defaultSiteSection?: string;
  @IfPresent() @FollowsOrNull('proxy', proxyProblem) proxy?: string | null;
  @IfPresent() @FollowsOrNull('hostname', hostnameProblem) hostname?: string | null;
}

export function siteChanges(b: UpdateSiteBody): SiteChanges {
  const { defaultSiteSpace, defaultSiteSection, adaptiveContent, ...rest } = b;
  const settings = Object.fromEntries(Object.entries({ ...rest, adaptiveContent: adaptiveContent?.enabled }).filter(([, v]) => v !== undefined));
  return { settings, defaultSiteSpace, defaultSiteSection };
}

/** listSites filters. */
export class ListSitesParams extends PageQuery {
  @IsOptional() @IsString() space?: string;
  @IsOptional() @IsString() title?: string;
  @IsOptional() @IsIn(BOOL) published?: string;
}

/** `shareKey` of the reads that take one: accepted (share links matter to the published site, not to its members). */
export class ShareKeyParams {
  @IsOptional() @IsString() shareKey?: string;
}

export class ListWithShareKeyParams extends PageQuery {
  @IsOptional() @IsString() shareKey?: string;
}

export class ListSiteSpacesParams extends ListWithShareKeyParams {
  @IsOptional() @IsIn(BOOL) default?: string;
}

export class PreviewParams {
  @IsOptional() @IsString() siteSpace?: string;
  @IsOptional() @IsString() claims?: string;
}
