import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent, isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';

/** The reference's URL: an absolute URI, at most 2048 characters (contract: "Published-URL resolver url: max 2048"). */
export function resolverUrlProblem(v: unknown, field: string): string | null {
  if (typeof v !== 'string' || v.length === 0 || v.length > 2048) return `${field}: must be an absolute URL of at most 2048 characters`;
  try {
    new URL(v);
    return null;
  } catch {
    return `${field}: must be an absolute URL of at most 2048 characters`;
  }
}

/** Reference SiteVisitorPayload: `{jwtToken?: string, unsignedClaims?: object}`. */
export function visitorProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object with jwtToken and unsignedClaims`;
  const unknown = unknownKeyProblem(v, ['jwtToken', 'unsignedClaims'], field);
  if (unknown) return unknown;
  if (v.jwtToken !== undefined && (typeof v.jwtToken !== 'string' || v.jwtToken.length > 8192))
    return `${field}.jwtToken: must be a string of at most 8192 characters`;
  if (v.unsignedClaims !== undefined && !isPlainObject(v.unsignedClaims)) return `${field}.unsignedClaims: must be an object`;
  return null;
}

/** Body of resolvePublishedContentByUrl. */
export class ResolvePublishedUrlBody {
  @Satisfies('isResolverUrl', resolverUrlProblem) url!: string;
  @IfPresent() @IsIn([true, false], { message: 'redirectOnError: must be a boolean' }) redirectOnError?: boolean;
  @IfPresent() @Satisfies('isSiteVisitor', visitorProblem) visitor?: { jwtToken?: string; unsignedClaims?: Record<string, unknown> };
}

/** Query of getPublishedContentByUrl (deprecated GET). */
export class ResolvePublishedUrlParams {
  @Satisfies('isResolverUrl', resolverUrlProblem) url!: string;
  @IsOptional() @IsString() @MaxLength(8192) visitorAuthToken?: string;
  @IsOptional() @IsIn(['true', 'false']) redirectOnError?: string;
}
