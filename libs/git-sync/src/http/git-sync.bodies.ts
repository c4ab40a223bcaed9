import { IsBoolean, IsISO8601, IsString, Length, MaxLength } from 'class-validator';
import { IfPresent, isPlainObject, Satisfies } from '@app/platform';
import type { GitProviderInfo } from '../domain/git-sync.events';

/** The reference UpdateSpaceGitInfo: `{provider?: github|gitlab, url?}`. */
export function gitInfoProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {provider, url}`;
  const extra = Object.keys(v).find((k) => k !== 'provider' && k !== 'url');
  if (extra !== undefined) return `${field}.${extra}: unknown field`;
  if (v.provider !== undefined && v.provider !== 'github' && v.provider !== 'gitlab') return `${field}.provider: must be one of github, gitlab`;
  if (v.url !== undefined && (typeof v.url !== 'string' || v.url.length > 2048)) return `${field}.url: must be a string of at most 2048 characters`;
  return null;
}

/** Fields import and export share (reference ImportGitRepository / ExportToGitRepository). */
class GitOperationBody {
  /** An http(s) URL (basic-auth credentials allowed) or a local path; checked by the command (400 naming `url`). */
  @IsString() @Length(1, 2048) url!: string;
  @IsString() @Length(1, 255) ref!: string;
  @IfPresent() @IsString() @Length(1, 200) repoCacheID?: string;
  @IfPresent() @IsString() @MaxLength(2048) repoTreeURL?: string;
  @IfPresent() @IsString() @MaxLength(2048) repoCommitURL?: string;
  @IfPresent() @IsString() @MaxLength(1024) repoProjectDirectory?: string;
  @IfPresent() @IsISO8601({ strict: true }) timestamp?: string;
  @IfPresent() @IsBoolean() force?: boolean;
  @IfPresent() @Satisfies('isGitInfo', gitInfoProblem) gitInfo?: GitProviderInfo;
}

export class ImportGitRepositoryBody extends GitOperationBody {
  @IfPresent() @IsBoolean() standalone?: boolean;
}

export class ExportToGitRepositoryBody extends GitOperationBody {
  @IsString() @Length(1, 10_000) commitMessage!: string;
}
