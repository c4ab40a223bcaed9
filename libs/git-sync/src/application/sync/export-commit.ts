import type { ExportedRevision } from '@app/content';
import { Conflict } from '@app/platform';
import { RepositoryTree, writeRepositoryTree } from '../../layout';
import { parseGitbookConfig } from '../../layout/gitbook-config.codec';
import { joinPath } from '../../layout/layout-paths';
import { GitAuthor, Repository } from '../transport/git-repositories';
import { TreeFile } from '../transport/git-tree';
import { repositoryTreeOf } from './export-tree';
import { rootPrefix } from './import-content';
import { changedPaths, FileMap, isManaged, mergeFiles } from './three-way-files';

export interface ExportOutcome {
  commit: { oid: string; message: string };
  revision: string;
  changedFiles: number;
  merged: boolean;
}

export class ExportConflict extends Conflict {
  constructor(branch: string, paths: string[]) {
    super(
      `Cannot export to ${branch}: the branch changed since the last sync in the same files as this export (${paths.join(', ')}); ` +
        'import the branch first, or export with force: true to overwrite them',
    );
  }
}

/** `.gitbook.yaml`'s root, structure and redirects as the branch has them (kept by the export). */
async function layoutOf(repo: Repository, files: FileMap, project: string): Promise<Pick<RepositoryTree, 'root' | 'structure' | 'redirects'>> {
  const path = project ? `${project}/.gitbook.yaml` : '.gitbook.yaml';
  const file = files.get(path);
  if (!file) return { redirects: {} };
  const config = parseGitbookConfig(Buffer.from(await repo.blob(file.oid)).toString('utf8'), path);
  const custom = config.readme !== 'README.md' || config.summary !== 'SUMMARY.md';
  return {
    redirects: config.redirects,
    ...(config.root !== undefined ? { root: config.root } : {}),
    ...(custom ? { structure: { readme: config.readme, summary: config.summary } } : {}),
  };
}

/**
 * Commits main's content to the branch: the layout codec writes the files, only those that
 * differ from the branch get new blobs, files the export does not manage stay as they are. When
 * the branch moved since the last sync (`base`), both sides are merged file by file; files both
 * changed differently refuse the export (ExportConflict) unless `force`, which keeps ours.
 */
export async function writeExport(
  repo: Repository,
  o: { revision: ExportedRevision; branch: string; base: string | null; projectDirectory: string; message: string; author: GitAuthor; force: boolean },
): Promise<ExportOutcome> {
  const head = await repo.fetch();
  const theirs: FileMap = head ? await repo.files(head) : new Map();
  const baseFiles: FileMap | null = o.base && o.base !== head ? await repo.files(o.base).catch(() => null) : null;
  const project = joinPath(o.projectDirectory) ?? '';
  const layout = await layoutOf(repo, theirs, project);
  const prefix = rootPrefix(layout, o.projectDirectory);
  const written = writeRepositoryTree(repositoryTreeOf(o.revision, prefix, layout), o.projectDirectory);

  const start = baseFiles ?? theirs;
  const ours = new Map<string, TreeFile>([...start].filter(([path]) => !isManaged(path, prefix, project)));
  for (const [path, bytes] of written) {
    const was = start.get(path);
    ours.set(path, { oid: await repo.writeBlob(bytes), mode: was?.mode === '100755' ? '100755' : '100644' });
  }
  const { merged, conflicts } = mergeFiles(start, ours, theirs, o.force);
  if (conflicts.length) throw new ExportConflict(o.branch, conflicts);
  const changed = changedPaths(theirs, merged);
  if (head && changed.length === 0)
    return { commit: { oid: head, message: (await repo.message(head)).trim() }, revision: o.revision.revisionId, changedFiles: 0, merged: false };
  const oid = await repo.commit(merged, head, o.message, o.author);
  await repo.push(oid, false);
  return { commit: { oid, message: o.message }, revision: o.revision.revisionId, changedFiles: changed.length, merged: !!baseFiles };
}
