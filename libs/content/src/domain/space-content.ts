import { Evolver } from '@app/platform';
import { RevisionRef, SpaceContentEvent } from './change-request.events';

/** Main's head revision and the last change request number of one space. */
export interface SpaceContentState {
  head: RevisionRef | null;
  lastNumber: number;
  /** Whether a duplicated space already received its source's content (the saga may redeliver). */
  copied: boolean;
}

export const spaceContent: Evolver<SpaceContentState, SpaceContentEvent> = {
  initialState: { head: null, lastNumber: 0, copied: false },
  evolve(s, e) {
    switch (e.type) {
      case 'SpaceContentInitialized': return { ...s, head: { revision: e.data.revision, root: e.data.root } };
      case 'ChangeRequestNumberReserved': return { ...s, lastNumber: e.data.number };
      case 'SpaceContentMerged': return { ...s, head: { revision: e.data.revision, root: e.data.root } };
      case 'SpaceContentRevised': return { ...s, head: { revision: e.data.revision, root: e.data.root }, copied: s.copied || e.data.reason === 'duplicate' };
    }
  },
};

/** Thrown by a decision made against a head that moved meanwhile: the command recomputes. */
export class MainMoved extends Error {
  constructor() { super('main content moved while the command ran'); }
}

/** Initial content comes from SpaceCreated: an empty revision with the id the space announced. */
export function decideInitialize(s: SpaceContentState, spaceId: string, initial: RevisionRef, createdAt: string): SpaceContentEvent[] {
  return s.head ? [] : [{ type: 'SpaceContentInitialized', data: { spaceId, ...initial, createdAt } }];
}

/** Numbers are sequential per space; initializes main first if the SpaceCreated saga has not run yet. */
export function decideReserveNumber(s: SpaceContentState, spaceId: string, changeRequestId: string, initial: RevisionRef, now: string): SpaceContentEvent[] {
  return [...decideInitialize(s, spaceId, initial, now), { type: 'ChangeRequestNumberReserved', data: { spaceId, changeRequestId, number: s.lastNumber + 1 } }];
}

/** Advances main to a merge result computed against `against`; refuses if main moved since. */
export function decideMergeIntoMain(
  s: SpaceContentState, against: string, data: { spaceId: string; changeRequestId: string; revision: string; root: string; parents: string[]; mergedBy: string; createdAt: string },
): SpaceContentEvent[] {
  if (s.head?.revision !== against) throw new MainMoved();
  return [{ type: 'SpaceContentMerged', data }];
}

/** A duplicated space takes a copy of its source's main content (same root: nothing is copied). */
export function decideCopyContent(s: SpaceContentState, spaceId: string, initial: RevisionRef, copy: { revision: string; root: string }, now: string): SpaceContentEvent[] {
  const init = decideInitialize(s, spaceId, initial, now);
  const head = s.head ?? initial;
  if (s.copied || head.root === copy.root) return init;
  return [...init, { type: 'SpaceContentRevised', data: { spaceId, revision: copy.revision, root: copy.root, parents: [head.revision], reason: 'duplicate', createdAt: now } }];
}
