import { TreeFile } from '../transport/git-tree';

export type FileMap = ReadonlyMap<string, TreeFile>;

const same = (a: TreeFile | undefined, b: TreeFile | undefined) => a?.oid === b?.oid && a?.mode === b?.mode;

/**
 * Three-way merge of whole files: `ours` (the export) and `theirs` (the branch now) against
 * `base` (the branch at the last sync). A file changed on one side only takes that side; changed
 * on both sides alike, either; changed differently (content, or deleted on one side and changed
 * on the other), it is a conflict, which `force` settles for ours.
 */
export function mergeFiles(base: FileMap, ours: FileMap, theirs: FileMap, force = false): { merged: Map<string, TreeFile>; conflicts: string[] } {
  const merged = new Map<string, TreeFile>();
  const conflicts: string[] = [];
  for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [b, o, t] = [base.get(path), ours.get(path), theirs.get(path)];
    let pick: TreeFile | undefined;
    if (same(o, t) || same(t, b)) pick = o;
    else if (same(o, b)) pick = t;
    else {
      conflicts.push(path);
      pick = o;
    }
    if (pick) merged.set(path, pick);
  }
  return { merged, conflicts: force ? [] : conflicts.sort() };
}

/** Files whose blob or mode differs between two trees (added, changed or deleted). */
export function changedPaths(a: FileMap, b: FileMap): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((p) => !same(a.get(p), b.get(p))).sort();
}

/**
 * The files an export manages under the content's root: markdown pages, the summary, the
 * layout's config and `.gitbook/assets/`. Everything else in the repository (code, licences,
 * workflows) is left as the branch has it.
 */
export function isManaged(path: string, prefix: string, project: string): boolean {
  if (path === (project ? `${project}/.gitbook.yaml` : '.gitbook.yaml')) return true;
  const inside = prefix === '' ? path : path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : null;
  return inside !== null && (/\.md$/i.test(inside) || inside.startsWith('.gitbook/assets/'));
}
