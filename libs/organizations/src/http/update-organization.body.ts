import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import { IfPresent, IsArrayOf, IsHttpUrl, IsRoleOrNull, Role } from '@app/platform';
import { DefaultContent, MergeRules, OrganizationSettings } from '../domain/organization';
import { IsDefaultContent, IsMergeRules } from './organization.validators';

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const lowerCased = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value) ? (value as unknown[]).map((d) => (typeof d === 'string' ? d.trim().toLowerCase() : d)) : value;

/** Body of PATCH /v1/orgs/{organizationId} (reference UpdateOrganization); the title's length is the decider's rule. */
export class UpdateOrganizationBody {
  @IfPresent()
  @IsString()
  title?: string;

  @IfPresent()
  @Transform(lowerCased)
  @IsArrayOf((d) => typeof d === 'string' && DOMAIN.test(d), 'must be a domain name such as docs.example.com')
  emailDomains?: string[];

  @IfPresent()
  @IsString()
  @Length(3, 32)
  @Matches(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, { message: '$property: lower-case letters, digits and inner dashes only' })
  hostname?: string;

  @IfPresent()
  @IsRoleOrNull()
  defaultRole?: Role | null;

  @IfPresent()
  @IsDefaultContent()
  defaultContent?: DefaultContent | null;

  /** null removes the logo. */
  @IsOptional()
  @IsHttpUrl()
  logo?: string | null;

  @IfPresent()
  @IsBoolean()
  sso?: boolean;

  @IfPresent()
  @IsBoolean()
  ai?: boolean;

  @IfPresent()
  @IsBoolean()
  inviteLinks?: boolean;

  @IfPresent()
  @IsMergeRules(false)
  mergeRules?: MergeRules;

  /** The fields present in the body (absent ones change nothing). */
  settings(): OrganizationSettings {
    return Object.fromEntries(Object.entries(this).filter(([, v]) => v !== undefined));
  }
}
