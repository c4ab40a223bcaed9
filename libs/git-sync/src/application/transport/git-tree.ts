import * as fs from 'fs';
import type * as Git from 'isomorphic-git';
import { isoGit } from './iso-git';

/** One file of a commit's tree: its blob and mode (100644, 100755, 120000). */
export interface TreeFile {
  oid: string;
  mode: string;
}

/** Every file of a commit's tree by path, with the blob reader for the ones a caller needs. */
export async function listTree(gitdir: string, commit: string, cache: object): Promise<Map<string, TreeFile>> {
  const out = new Map<string, TreeFile>();
  await isoGit().walk({
    fs,
    gitdir,
    cache,
    trees: [isoGit().TREE({ ref: commit })],
    map: async (filepath, [entry]) => {
      if (!entry || filepath === '.') return true;
      const type = await entry.type();
      if (type === 'blob') out.set(filepath, { oid: await entry.oid(), mode: ((await entry.mode()) ?? 0o100644).toString(8) });
      return type === 'tree' || type === 'blob' ? true : null; // submodules (commits) are skipped
    },
  });
  return out;
}

export async function readBlob(gitdir: string, oid: string, cache: object): Promise<Uint8Array> {
  return (await isoGit().readBlob({ fs, gitdir, oid, cache })).blob;
}

interface Dir {
  files: Map<string, TreeFile>;
  dirs: Map<string, Dir>;
}

/** Writes the tree objects of a whole file map (blobs must exist) and returns the root tree's oid. */
export async function writeTreeOf(gitdir: string, files: ReadonlyMap<string, TreeFile>): Promise<string> {
  const root: Dir = { files: new Map(), dirs: new Map() };
  for (const [path, file] of files) {
    const parts = path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part);
      if (!next) dir.dirs.set(part, (next = { files: new Map(), dirs: new Map() }));
      dir = next;
    }
    dir.files.set(parts[parts.length - 1], file);
  }
  const write = async (dir: Dir): Promise<string> => {
    const tree: Git.TreeEntry[] = [];
    for (const [path, d] of dir.dirs) tree.push({ mode: '040000', path, oid: await write(d), type: 'tree' });
    for (const [path, f] of dir.files) tree.push({ mode: f.mode, path, oid: f.oid, type: f.mode === '160000' ? 'commit' : 'blob' });
    return isoGit().writeTree({ fs, gitdir, tree });
  };
  return write(root);
}
