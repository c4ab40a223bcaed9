import { Decider, PreconditionFailed, unreachable } from '@app/platform';
import { assertEditable, behindMain, ChangeRequestState, ContentMovedMeanwhile } from './change-request';
import { RevisionGit, RevisionRef, SpaceContentEvent } from './change-request.events';
import { assertMergeRules, MergeRulesConfig } from './merge-rules';
import { mainOf, spaceContent, SpaceContentState } from './space-content';

/** What a merge is checked against: the space's lock and merge rules, the change request's state. */
export interface MergeCheck {
  spaceId: string;
  changeRequestId: string;
  /** The space's editMode is `locked`. */
  locked: boolean;
  changeRequest: ChangeRequestState;
  /** The space's merge rules (`inherit` already resolved). */
  rules: MergeRulesConfig;
  /** Display names of the users a refusal may name. */
  names: Record<string, string>;
  mergedBy: string;
}

/** Commands of `content.space-<id>`. `initial`: the empty revision SpaceCreated announced. */
export type SpaceContentCommand =
  /** `copy`: a duplicate's source main content (its root is shared, nothing is copied). */
  | { type: 'InitializeSpaceContent'; spaceId: string; initial: RevisionRef; copy: { revision: string; root: string } | null }
  | { type: 'ReserveChangeRequestNumber'; spaceId: string; changeRequestId: string; initial: RevisionRef }
  /** `root`: the change request merged into main revision `against` (its head when not outdated). */
  | (MergeCheck & { type: 'MergeChangeRequest'; initial: RevisionRef; against: string; revision: string; root: string })
  /**
   * A template's pages written to main (revision `against`, holding `mainPages` pages): `root` is
   * the content with them, null when the template has none (or it was not built: refused anyway).
   */
  | {
      type: 'ApplyTemplate';
      spaceId: string;
      initial: RevisionRef;
      locked: boolean;
      template: string;
      mainPages: number;
      against: string;
      revision: string;
      root: string | null;
    }
  /**
   * A git import (import-revision.ts): `root` is the repository's content built on main revision
   * `against`; `standalone` records a revision without moving main. `revision` is derived from
   * the import, so a resumed import finds main already there and writes nothing twice.
   */
  | {
      type: 'ImportRevision';
      spaceId: string;
      initial: RevisionRef;
      locked: boolean;
      against: string;
      revision: string;
      root: string;
      git: RevisionGit;
      standalone: boolean;
    };

export class SpaceLocked extends PreconditionFailed {
  constructor(spaceId: string) {
    super(`Space ${spaceId} is locked (editMode locked): main content cannot change until it is unlocked`);
  }
}

export class TemplateNeedsEmptySpace extends PreconditionFailed {
  constructor(spaceId: string, pages: number) {
    super(
      `Space ${spaceId} already has content (${pages} page${pages === 1 ? '' : 's'}): a template applies to an empty space only; ` +
        'to add a template to existing content, create a change request with `template`',
    );
  }
}

/** Whether a template may be written to main: the space is not locked and has no pages yet. */
export function assertMayApplyTemplate(c: { spaceId: string; locked: boolean; mainPages: number }): void {
  if (c.locked) throw new SpaceLocked(c.spaceId);
  if (c.mainPages > 0) throw new TemplateNeedsEmptySpace(c.spaceId, c.mainPages);
}

/**
 * Whether the change request may be merged into `main`: the space is not locked, the change
 * request is draft or open, and the merge rules are met (an outdated change request fails
 * require_up_to_date_change_request). Checked again by the decision itself.
 */
export function assertMayMerge(c: MergeCheck, main: RevisionRef): void {
  if (c.locked) throw new SpaceLocked(c.spaceId);
  assertEditable(c.changeRequest, c.spaceId, c.changeRequestId, 'merging');
  assertMergeRules(
    c.rules,
    c.changeRequest,
    { actor: c.mergedBy, outdated: behindMain(c.changeRequest, main), name: (u) => c.names[u] || u },
    c.changeRequestId,
  );
}

function initialize(s: SpaceContentState, spaceId: string, initial: RevisionRef, at: string): SpaceContentEvent[] {
  return s.head ? [] : [{ type: 'SpaceContentInitialized', data: { spaceId, ...initial, createdAt: at } }];
}

/** A repository's content as one revision: of main (a git import), or beside it (`standalone`). */
function importRevision(c: Extract<SpaceContentCommand, { type: 'ImportRevision' }>, s: SpaceContentState, at: string): SpaceContentEvent[] {
  const main = mainOf(s, c.initial);
  if (c.standalone) {
    const data = { spaceId: c.spaceId, revision: c.revision, root: c.root, parents: [main.revision], git: c.git, createdAt: at };
    return [...initialize(s, c.spaceId, c.initial, at), { type: 'SpaceRevisionImported', data }];
  }
  if (c.locked) throw new SpaceLocked(c.spaceId);
  if (main.revision !== c.against) throw new ContentMovedMeanwhile('Main content');
  if (main.revision === c.revision) return []; // imported already (a resumed import)
  return [
    ...initialize(s, c.spaceId, c.initial, at),
    {
      type: 'SpaceContentRevised',
      data: { spaceId: c.spaceId, revision: c.revision, root: c.root, parents: [main.revision], reason: 'git-import', git: c.git, createdAt: at },
    },
  ];
}

function decide(c: SpaceContentCommand, s: SpaceContentState, now: Date): SpaceContentEvent[] {
  const at = now.toISOString();
  switch (c.type) {
    case 'InitializeSpaceContent': {
      const init = initialize(s, c.spaceId, c.initial, at);
      const head = mainOf(s, c.initial);
      // Copied once: a redelivered SpaceCreated finds the copy done (or the same root) and adds nothing.
      if (!c.copy || s.copied || head.root === c.copy.root) return init;
      return [...init, { type: 'SpaceContentRevised', data: { spaceId: c.spaceId, ...c.copy, parents: [head.revision], reason: 'duplicate', createdAt: at } }];
    }
    case 'ReserveChangeRequestNumber':
      // Numbers are sequential per space; main is initialized first if the SpaceCreated saga has not run yet.
      return [
        ...initialize(s, c.spaceId, c.initial, at),
        { type: 'ChangeRequestNumberReserved', data: { spaceId: c.spaceId, changeRequestId: c.changeRequestId, number: s.lastNumber + 1 } },
      ];
    case 'MergeChangeRequest': {
      const main = mainOf(s, c.initial);
      assertMayMerge(c, main);
      if (main.revision !== c.against) throw new ContentMovedMeanwhile('Main content');
      return [
        {
          type: 'SpaceContentMerged',
          data: {
            spaceId: c.spaceId,
            changeRequestId: c.changeRequestId,
            revision: c.revision,
            root: c.root,
            parents: [main.revision, c.changeRequest.head.revision],
            mergedBy: c.mergedBy,
            createdAt: at,
          },
        },
      ];
    }
    case 'ApplyTemplate': {
      const main = mainOf(s, c.initial);
      assertMayApplyTemplate(c);
      if (main.revision !== c.against) throw new ContentMovedMeanwhile('Main content');
      if (!c.root) return []; // a template without pages (blank) changes nothing
      return [
        ...initialize(s, c.spaceId, c.initial, at),
        {
          type: 'SpaceContentRevised',
          data: { spaceId: c.spaceId, revision: c.revision, root: c.root, parents: [main.revision], reason: 'template', template: c.template, createdAt: at },
        },
      ];
    }
    case 'ImportRevision':
      return importRevision(c, s, at);
    default:
      return unreachable(c);
  }
}

/** Main content of a space: its head revision, merges into it, and change request numbering. */
export const spaceContentDecider: Decider<SpaceContentState, SpaceContentCommand, SpaceContentEvent> = { ...spaceContent, decide };
