import { assertOutboundUrlAllowed, PlatformConfig, SealedSecrets } from '@app/platform';
import { GitProviderInfo, GitRemote } from '../domain/git-sync.events';
import { branchOf, parseRemote, ParsedRemote, projectDirectoryOf } from './transport/git-remote';
import { GitRepositories } from './transport/git-repositories';

/** What import and export requests share (the reference's body fields). */
export interface GitOperationInput {
  url: string;
  ref: string;
  repoCacheID?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  gitInfo?: GitProviderInfo;
}

export const CREDENTIALS_PURPOSE = 'git-credentials';

/**
 * The remote of a request as the stream keeps it: the URL without credentials, which are sealed
 * for this space (a sealed value opens for no other record); a refused URL, branch or folder is
 * a 400 naming its field before anything is recorded.
 */
export async function remoteOf(input: GitOperationInput, spaceId: string, config: PlatformConfig, secrets: SealedSecrets): Promise<GitRemote> {
  const parsed = parseRemote(input.url, config.gitLocalRoots);
  if (parsed.kind === 'http') await assertOutboundUrlAllowed(config, 'url', parsed.url);
  branchOf(input.ref);
  const credentials = parsed.kind === 'http' && parsed.credentials ? secrets.seal(CREDENTIALS_PURPOSE, spaceId, JSON.stringify(parsed.credentials)) : null;
  return {
    url: parsed.url,
    ref: input.ref,
    repoCacheID: input.repoCacheID ?? null,
    repoTreeURL: input.repoTreeURL ?? null,
    repoCommitURL: input.repoCommitURL ?? null,
    projectDirectory: projectDirectoryOf(input.repoProjectDirectory),
    credentials,
  };
}

/** How GitRepositories opens a recorded remote (credentials unsealed only here, for the operation). */
export function openSpec(remote: GitRemote, spaceId: string, organizationId: string, config: PlatformConfig, secrets: SealedSecrets, repos: GitRepositories) {
  const parsed: ParsedRemote = parseRemote(remote.url, config.gitLocalRoots);
  const opened = remote.credentials ? secrets.open(CREDENTIALS_PURPOSE, spaceId, remote.credentials) : null;
  const credentials = opened ? (JSON.parse(opened) as { username: string; password: string }) : null;
  const cacheFolder = repos.cacheFolder(organizationId, remote.repoCacheID ?? `space:${spaceId}:${remote.url}`);
  return { remote: parsed, branch: branchOf(remote.ref), cacheFolder, credentials };
}
