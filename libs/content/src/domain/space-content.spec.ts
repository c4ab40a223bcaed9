import { given } from '@app/platform/testing/given';
import { SpaceContentEvent } from './change-request.events';
import { decideCopyContent, decideInitialize, decideMergeIntoMain, decideReserveNumber, MainMoved, spaceContent } from './space-content';

const at = '2026-01-01T00:00:00.000Z';
const initial = { revision: 'r0', root: 'empty' };
const initialized: SpaceContentEvent = { type: 'SpaceContentInitialized', data: { spaceId: 's1', ...initial, createdAt: at } };
const reserved = (n: number): SpaceContentEvent => ({ type: 'ChangeRequestNumberReserved', data: { spaceId: 's1', changeRequestId: `cr${n}`, number: n } });

describe('space content decider', () => {
  it('initializes once from the revision SpaceCreated announced', () => {
    given(spaceContent).when((s) => decideInitialize(s, 's1', initial, at)).then([initialized]);
    given(spaceContent, initialized).when((s) => decideInitialize(s, 's1', initial, at)).thenNothing();
  });

  it('numbers change requests sequentially, initializing first when needed', () => {
    given(spaceContent).when((s) => decideReserveNumber(s, 's1', 'cr1', initial, at)).then([initialized, reserved(1)]);
    given(spaceContent, initialized, reserved(1)).when((s) => decideReserveNumber(s, 's1', 'cr2', initial, at)).then([reserved(2)]);
  });

  it('advances main only from the head the merge was computed against', () => {
    const data = { spaceId: 's1', changeRequestId: 'cr1', revision: 'm1', root: 'root1', parents: ['r0', 'c1'], mergedBy: 'u', createdAt: at };
    given(spaceContent, initialized).when((s) => decideMergeIntoMain(s, 'r0', data)).then([{ type: 'SpaceContentMerged', data }]);
    given(spaceContent, initialized, { type: 'SpaceContentMerged', data }).when((s) => decideMergeIntoMain(s, 'r0', { ...data, revision: 'm2' })).thenThrows(MainMoved);
  });

  it('copies a duplicated space content once, even if the saga redelivers', () => {
    const copy = { revision: 'd1', root: 'source-root' };
    const revised: SpaceContentEvent = { type: 'SpaceContentRevised', data: { spaceId: 's1', ...copy, parents: ['r0'], reason: 'duplicate', createdAt: at } };
    given(spaceContent).when((s) => decideCopyContent(s, 's1', initial, copy, at)).then([initialized, revised]);
    given(spaceContent, initialized, revised).when((s) => decideCopyContent(s, 's1', initial, { revision: 'd2', root: 'source-root-2' }, at)).thenNothing();
  });
});
