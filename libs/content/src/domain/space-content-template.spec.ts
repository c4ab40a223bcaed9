import { given } from '@app/platform/testing/given';
import { ContentMovedMeanwhile } from './change-request';
import { SpaceContentEvent } from './change-request.events';
import { SpaceContentCommand, spaceContentDecider as space, SpaceLocked, TemplateNeedsEmptySpace } from './space-content.decider';

const now = new Date('2026-01-01T00:00:00.000Z');
const at = now.toISOString();
const initial = { revision: 'r0', root: 'empty' };
const initialized: SpaceContentEvent = { type: 'SpaceContentInitialized', data: { spaceId: 's1', ...initial, createdAt: at } };
const apply = (more: Partial<Extract<SpaceContentCommand, { type: 'ApplyTemplate' }>> = {}): SpaceContentCommand => ({
  type: 'ApplyTemplate',
  spaceId: 's1',
  initial,
  locked: false,
  template: 'product-docs',
  mainPages: 0,
  against: 'r0',
  revision: 't1',
  root: 'root-t1',
  ...more,
});
const revised: SpaceContentEvent = {
  type: 'SpaceContentRevised',
  data: { spaceId: 's1', revision: 't1', root: 'root-t1', parents: ['r0'], reason: 'template', template: 'product-docs', createdAt: at },
};

describe('space content decider: ApplyTemplate (applyTemplateToSpace)', () => {
  it('writes the template as a new revision of main, on top of its head', () => {
    given(space, initialized).whenCommand(apply(), now).then([revised]);
  });

  it('initializes main first when the space content saga has not run yet', () => {
    given(space).whenCommand(apply(), now).then([initialized, revised]);
  });

  it('a template without pages changes nothing', () => {
    given(space, initialized)
      .whenCommand(apply({ root: null }), now)
      .thenNothing();
  });

  it('refuses a locked space (412), before anything else', () => {
    given(space, initialized)
      .whenCommand(apply({ locked: true, mainPages: 3 }), now)
      .thenThrows(SpaceLocked);
  });

  it('refuses a space that already has pages (412): a template starts a space', () => {
    given(space, initialized)
      .whenCommand(apply({ mainPages: 1 }), now)
      .thenThrows(TemplateNeedsEmptySpace);
    given(space, initialized)
      .whenCommand(apply({ mainPages: 1, root: null }), now)
      .thenThrows(TemplateNeedsEmptySpace);
  });

  it('refuses content built on a head that has moved since (retried by the handler)', () => {
    const moved: SpaceContentEvent = { type: 'SpaceContentRevised', data: { ...revised.data, revision: 'r1', root: 'root-r1' } };
    given(space, initialized, moved).whenCommand(apply(), now).thenThrows(ContentMovedMeanwhile);
  });
});
