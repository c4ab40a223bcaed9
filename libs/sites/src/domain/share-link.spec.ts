import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { shareLink, ShareLinkCommand, ShareLinkEvent, ShareLinkNotFound } from './share-link';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const link = { shareLinkId: 'l1', siteId: 's1', organizationId: 'o1', name: 'Reviewers', keyHash: 'h'.repeat(64), sealedKey: 'sealed' };
const create: ShareLinkCommand = { type: 'CreateShareLink', ...link };
const created: ShareLinkEvent = { type: 'SiteShareLinkCreated', data: { ...link, createdAt: T0 } };
const update = (changes: { name?: string; active?: boolean }, siteId = 's1'): ShareLinkCommand => ({
  type: 'UpdateShareLink',
  shareLinkId: 'l1',
  siteId,
  changes,
});
const updated = (changes: { name?: string; active?: boolean }): ShareLinkEvent => ({
  type: 'SiteShareLinkUpdated',
  data: { shareLinkId: 'l1', siteId: 's1', changes, updatedAt: T1 },
});
const del = (siteId = 's1'): ShareLinkCommand => ({ type: 'DeleteShareLink', shareLinkId: 'l1', siteId });
const deleted: ShareLinkEvent = { type: 'SiteShareLinkDeleted', data: { shareLinkId: 'l1', siteId: 's1', deletedAt: T1 } };

describe('share link decider', () => {
  it('creates an active link once, holding only the hash and the sealed key', () => {
    given(shareLink).whenCommand(create, at(T0)).then([created]);
    expect(given(shareLink, created).state.link).toMatchObject({ active: true, name: 'Reviewers' });
    given(shareLink, created).whenCommand(create).thenNothing();
  });

  it('names are 0 to 50 characters (the reference ShareLinkName)', () => {
    given(shareLink)
      .whenCommand({ ...create, name: '' }, at(T0))
      .then([{ type: 'SiteShareLinkCreated', data: { ...link, name: '', createdAt: T0 } }]);
    given(shareLink)
      .whenCommand({ ...create, name: 'x'.repeat(51) })
      .thenThrows(BadRequest);
    given(shareLink, created)
      .whenCommand(update({ name: 'x'.repeat(51) }))
      .thenThrows(BadRequest);
  });

  it('renames, deactivates and activates; only what changes is recorded', () => {
    given(shareLink, created)
      .whenCommand(update({ name: 'Partners', active: true }), at(T1))
      .then([updated({ name: 'Partners' })]);
    given(shareLink, created)
      .whenCommand(update({ active: false }), at(T1))
      .then([updated({ active: false })]);
    given(shareLink, created, updated({ active: false }))
      .whenCommand(update({ active: true }), at(T1))
      .then([updated({ active: true })]);
    given(shareLink, created)
      .whenCommand(update({ name: 'Reviewers', active: true }))
      .thenNothing();
  });

  it('an unknown, deleted or other site’s link is not found', () => {
    given(shareLink)
      .whenCommand(update({ name: 'x' }))
      .thenThrows(ShareLinkNotFound);
    given(shareLink, created, deleted)
      .whenCommand(update({ name: 'x' }))
      .thenThrows(ShareLinkNotFound);
    given(shareLink, created)
      .whenCommand(update({ name: 'x' }, 's2'))
      .thenThrows(ShareLinkNotFound);
  });

  it('deletes once; deleting again, nothing, or through another site decides nothing (204)', () => {
    given(shareLink, created).whenCommand(del(), at(T1)).then([deleted]);
    given(shareLink, created, deleted).whenCommand(del()).thenNothing();
    given(shareLink).whenCommand(del()).thenNothing();
    given(shareLink, created).whenCommand(del('s2')).thenNothing();
  });
});
