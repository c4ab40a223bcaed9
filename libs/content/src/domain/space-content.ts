import { Evolver } from '@app/platform';
import { RevisionRef, SpaceContentEvent } from './change-request.events';

/** Main's head revision and the last change request number of one space. */
export interface SpaceContentState {
  head: RevisionRef | null;
  lastNumber: number;
  /** Whether a duplicated space already received its source's content (the saga may redeliver). */
  copied: boolean;
}

/** The state of `content.space-<id>` (the decider is in space-content.decider.ts). */
export const spaceContent: Evolver<SpaceContentState, SpaceContentEvent> = {
  initialState: { head: null, lastNumber: 0, copied: false },
  evolve(s, e) {
    switch (e.type) {
      case 'SpaceContentInitialized':
        return { ...s, head: { revision: e.data.revision, root: e.data.root } };
      case 'ChangeRequestNumberReserved':
        return { ...s, lastNumber: e.data.number };
      case 'SpaceContentMerged':
        return { ...s, head: { revision: e.data.revision, root: e.data.root } };
      case 'SpaceContentRevised':
        return { ...s, head: { revision: e.data.revision, root: e.data.root }, copied: s.copied || e.data.reason === 'duplicate' };
      case 'SpaceRevisionImported':
        return s; // main stays where it is
    }
  },
};

/** Main's head, or the empty initial revision SpaceCreated announced (before the saga initialized it). */
export const mainOf = (s: SpaceContentState, initial: RevisionRef): RevisionRef => s.head ?? initial;
