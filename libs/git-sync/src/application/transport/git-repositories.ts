import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { isoGit } from './iso-git';
import { OutboundHttp, PlatformConfig } from '@app/platform';
import { ParsedRemote } from './git-remote';
import { listTree, readBlob, TreeFile, writeTreeOf } from './git-tree';
import { GitTransportError, guardedGitHttp } from './guarded-git-http';

/** Why a sync could not talk to its repository: shown in the recorded failure, never with credentials. */
export class GitRemoteFailure extends Error {}

export interface GitAuthor {
  name: string;
  email: string;
  /** Seconds since the epoch (the injected clock's). */
  timestamp: number;
}

/** A repository opened for one operation: the remote's branch and the local objects. */
export interface Repository {
  /** The branch's commit on the remote after fetching it; null when the branch (or any commit) does not exist yet. */
  fetch(): Promise<string | null>;
  files(commit: string): Promise<Map<string, TreeFile>>;
  blob(oid: string): Promise<Uint8Array>;
  message(commit: string): Promise<string>;
  writeBlob(bytes: Uint8Array): Promise<string>;
  commit(files: ReadonlyMap<string, TreeFile>, parent: string | null, message: string, author: GitAuthor): Promise<string>;
  /** Moves the remote's branch to `commit` (a fast-forward unless `force`). */
  push(commit: string, force: boolean): Promise<void>;
}

const remoteName = (remote: ParsedRemote) => remote.url.replace(/[?#].*$/, '');

/** The message of an isomorphic-git or transport error, as a reason without secrets. */
function reasonOf(e: unknown, remote: ParsedRemote, branch: string): string {
  const at = remoteName(remote);
  const code = (e as { code?: string }).code;
  const status = (e as { data?: { statusCode?: number } }).data?.statusCode;
  if (e instanceof GitTransportError) return `${at}: ${e.message}`;
  if (code === 'UserCanceledError' || status === 401 || status === 403)
    return `${at}: authentication failed (the credentials in the URL were missing or refused)`;
  if (code === 'NotFoundError') return `${at}: branch ${branch} not found`;
  if (code === 'PushRejectedError') return `${at}: the push of ${branch} was rejected (the branch moved meanwhile)`;
  if (code === 'HttpError') return `${at}: the server answered ${status ?? 'an error'}`;
  return `${at}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
}

/**
 * Git repositories through isomorphic-git. A remote is fetched into a bare cache folder,
 * DATA_DIR/git/<hash of the organization and repoCacheID>, reused by later operations with the
 * same cache id (one at a time in this process); a local repository (GIT_LOCAL_ROOTS) is read and
 * written in place. Every request to a remote goes through the platform's outbound client.
 */
@Injectable()
export class GitRepositories {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly config: PlatformConfig) {}

  /** A cache folder name from the caller's cache id: a hash, so no id can reach outside DATA_DIR/git. */
  cacheFolder(organizationId: string, cacheId: string): string {
    const name = createHash('sha256').update(`${organizationId}\0${cacheId}`).digest('hex').slice(0, 40);
    return path.join(this.config.dataDir, 'git', name);
  }

  async with<T>(
    spec: { remote: ParsedRemote; branch: string; cacheFolder: string; credentials: { username: string; password: string } | null },
    work: (repo: Repository) => Promise<T>,
  ): Promise<T> {
    const gitdir = spec.remote.kind === 'local' ? localGitdir(spec.remote.path) : spec.cacheFolder;
    const previous = this.locks.get(gitdir) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        if (spec.remote.kind === 'http' && !fs.existsSync(path.join(gitdir, 'HEAD')))
          await isoGit().init({ fs, gitdir, bare: true, defaultBranch: spec.branch });
        return work(this.repository(gitdir, spec.remote, spec.branch, spec.credentials));
      });
    this.locks.set(gitdir, run);
    try {
      return await run;
    } finally {
      if (this.locks.get(gitdir) === run) this.locks.delete(gitdir);
    }
  }

  private repository(gitdir: string, remote: ParsedRemote, branch: string, credentials: { username: string; password: string } | null): Repository {
    const cache = {};
    const http = guardedGitHttp(new OutboundHttp(this.config));
    const ref = `refs/heads/${branch}`;
    const auth = { onAuth: () => credentials ?? { cancel: true }, onAuthFailure: () => ({ cancel: true }) };
    const guarded = async <T>(op: () => Promise<T>): Promise<T> => {
      try {
        return await op();
      } catch (e) {
        throw new GitRemoteFailure(reasonOf(e, remote, branch));
      }
    };
    return {
      fetch: () =>
        guarded(async () => {
          if (remote.kind === 'local')
            return isoGit()
              .resolveRef({ fs, gitdir, ref })
              .catch(() => null);
          // The URL without credentials is the only thing the cache's config holds.
          await isoGit().addRemote({ fs, gitdir, remote: 'origin', url: remote.url, force: true });
          try {
            const r = await isoGit().fetch({ fs, http, gitdir, remote: 'origin', ref: branch, singleBranch: true, tags: false, cache, ...auth });
            return r.fetchHead ?? null;
          } catch (e) {
            if ((e as { code?: string }).code === 'NotFoundError') return null; // no such branch (or an empty repository) yet
            throw e;
          }
        }),
      files: (commit) => listTree(gitdir, commit, cache),
      blob: (oid) => readBlob(gitdir, oid, cache),
      message: async (commit) => (await isoGit().readCommit({ fs, gitdir, oid: commit, cache })).commit.message,
      writeBlob: (blob) => isoGit().writeBlob({ fs, gitdir, blob }),
      commit: async (files, parent, message, author) => {
        const tree = await writeTreeOf(gitdir, files);
        const who = { ...author, timezoneOffset: 0 };
        return isoGit().commit({ fs, gitdir, message, tree, parent: parent ? [parent] : [], author: who, committer: who, noUpdateBranch: true, cache });
      },
      push: (commit, force) =>
        guarded(async () => {
          await isoGit().writeRef({ fs, gitdir, ref, value: commit, force: true });
          if (remote.kind === 'local') return;
          const r = await isoGit().push({ fs, http, gitdir, url: remote.url, ref, remoteRef: ref, force, cache, ...auth });
          if (!r.ok) throw new GitRemoteFailure(`${remoteName(remote)}: the push of ${branch} was refused (${r.error ?? 'unknown reason'})`);
        }),
    };
  }
}

/** A working copy's `.git`, or the folder itself for a bare repository. */
function localGitdir(folder: string): string {
  const dotGit = path.join(folder, '.git');
  return fs.existsSync(dotGit) ? dotGit : folder;
}
