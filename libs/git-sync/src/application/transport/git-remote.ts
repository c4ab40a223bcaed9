import * as path from 'path';
import { BadRequest } from '@app/platform';

/** Where a repository is: an http(s) remote (credentials cut out) or a folder on this server. */
export type ParsedRemote =
  { kind: 'http'; url: string; credentials: { username: string; password: string } | null } | { kind: 'local'; url: string; path: string };

/**
 * Splits a repository URL as the contract allows it (`https://user:token@host/owner/repo.git`)
 * into the URL without credentials, which may be stored and shown, and the credentials, which
 * are only ever sealed. Local repositories (`file://…` or an absolute path) are read and
 * written in place, and only under the folders the operator listed (GIT_LOCAL_ROOTS): a member
 * must not make the server read whichever repository it holds.
 */
export function parseRemote(raw: string, localRoots: readonly string[], field = 'url'): ParsedRemote {
  if (raw.startsWith('/') || raw.startsWith('file://')) {
    let folder: string;
    try {
      folder = path.resolve(raw.startsWith('file://') ? decodeURIComponent(new URL(raw).pathname) : raw);
    } catch {
      throw new BadRequest(`${field}: not a valid file:// URL`);
    }
    const inside = localRoots.some((root) => {
      const rel = path.relative(path.resolve(root), folder);
      return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
    });
    if (!inside) throw new BadRequest(`${field}: local repositories are read only under the folders GIT_LOCAL_ROOTS lists`);
    return { kind: 'local', url: `file://${folder}`, path: folder };
  }
  if (!URL.canParse(raw)) throw new BadRequest(`${field}: must be an http(s) URL of a git repository, or a local path`);
  const u = new URL(raw);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new BadRequest(`${field}: must be an http(s) URL of a git repository, not ${u.protocol}`);
  const credentials = u.username || u.password ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : null;
  u.username = '';
  u.password = '';
  u.hash = '';
  return { kind: 'http', url: u.href, credentials };
}

/** `refs/heads/<branch>` → `<branch>`; anything else is refused (400 naming the field). */
export function branchOf(ref: string, field = 'ref'): string {
  const m = /^refs\/heads\/(.+)$/.exec(ref);
  const branch = m?.[1] ?? '';
  const bad = !branch || branch.split('/').some((p) => p === '' || p === '.' || p === '..' || p.endsWith('.lock') || p.startsWith('.'));
  // git check-ref-format: no controls, spaces or ~^:?*[\\, no `@{` or `..`.
  const control = [...branch].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (bad || control || /[\s~^:?*[\\]|@\{|\.\./.test(branch)) throw new BadRequest(`${field}: must be a branch ref, refs/heads/<branch>`);
  return branch;
}

/** `repoProjectDirectory` as a relative folder ('' for the root); never leaves the repository. */
export function projectDirectoryOf(raw: string | undefined, field = 'repoProjectDirectory'): string {
  const parts = (raw ?? '').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) throw new BadRequest(`${field}: must be a folder inside the repository`);
  return parts.join('/');
}

/** `owner/repo` of a remote URL (the info's `repoName`), without `.git`. */
export function repoNameOf(url: string): string {
  const p = (URL.canParse(url) ? new URL(url).pathname : url).replace(/\/+$/, '').replace(/\.git$/, '');
  return p.split('/').filter(Boolean).slice(-2).join('/');
}
