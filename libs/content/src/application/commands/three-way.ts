import { Conflict } from '@app/platform';
import { RevisionRef } from '../../domain/change-request.events';
import { Prefer } from '../../domain/diff3';
import { describeConflicts, mergeTrees, PageConflict } from '../../domain/tree-merge';
import { RevisionStore, hashBody } from '../storage/revision-store';

/** A merge conflict: 409 with the pages and lines in the message and in `conflicts`. */
export class MergeConflict extends Conflict {
  constructor(
    readonly conflicts: PageConflict[],
    action: string,
  ) {
    super(
      `${action} has conflicts with main: ${describeConflicts(conflicts)}. Nothing was changed. To resolve, write the resolved content of these pages ` +
        'to the change request (POST …/content with update_page), then update from main again with ?resolution=change-request ' +
        "(or adopt main's lines and update again without it).",
    );
  }
}

/**
 * Three-way merge of the change request (ours) and main (theirs) over their common base, read
 * from the object store: only the pages that differ on some side are compared, and only bodies
 * changed on both sides are read. Returns the new root (committed) or throws MergeConflict.
 */
export async function threeWay(
  revisions: RevisionStore,
  base: RevisionRef,
  ours: RevisionRef,
  theirs: RevisionRef,
  action: string,
  prefer?: Prefer,
): Promise<string> {
  if (ours.root === base.root) return theirs.root;
  if (theirs.root === base.root) return ours.root;
  const [b, o, t, changedOurs, changedTheirs] = await Promise.all([
    revisions.structure(base.root, 'write'),
    revisions.structure(ours.root, 'write'),
    revisions.structure(theirs.root, 'write'),
    revisions.changedPages(base.root, ours.root, 'write'),
    revisions.changedPages(base.root, theirs.root, 'write'),
  ]);
  const bodies = new Map<string, string>();
  for (const id of changedOurs) {
    if (!changedTheirs.has(id)) continue;
    for (const e of [b.pages.get(id), o.pages.get(id), t.pages.get(id)]) if (e && !bodies.has(e.doc)) bodies.set(e.doc, await revisions.body(e.doc, 'write'));
  }
  const result = mergeTrees({ base: b, ours: o, theirs: t, changedOurs, changedTheirs, body: (h) => bodies.get(h)!, hash: hashBody, prefer });
  if (!result.clean) throw new MergeConflict(result.conflicts, action);
  return revisions.commit({ base: theirs.root, next: result.structure, bodies: result.bodies });
}
