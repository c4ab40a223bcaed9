import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { DuplicateRedirectSource, RedirectCommand, RedirectDestination, RedirectEvent, RedirectNotFound, redirects, sourcePathProblem } from './redirect';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const toSpace = { kind: 'site-space' as const, siteSpaceId: 'ss1' };
const toPage = { kind: 'site-page' as const, siteSpaceId: 'ss1', pageId: 'p1' };
const create = (redirectId: string, source: string, destination: RedirectDestination = toSpace): RedirectCommand => ({
  type: 'CreateRedirect',
  siteId: 's1',
  organizationId: 'o1',
  redirectId,
  source,
  destination,
});
const created = (redirectId: string, source: string, destination: RedirectDestination = toSpace): RedirectEvent => ({
  type: 'SiteRedirectCreated',
  data: { siteId: 's1', organizationId: 'o1', redirectId, source, destination, createdAt: T0 },
});
const update = (changes: object, redirectId = 'r1'): RedirectCommand => ({ type: 'UpdateRedirect', siteId: 's1', redirectId, changes });
const updated = (changes: object): RedirectEvent => ({ type: 'SiteRedirectUpdated', data: { siteId: 's1', redirectId: 'r1', changes, updatedAt: T1 } });
const del = (redirectId = 'r1'): RedirectCommand => ({ type: 'DeleteRedirect', siteId: 's1', redirectId });
const deleted: RedirectEvent = { type: 'SiteRedirectDeleted', data: { siteId: 's1', redirectId: 'r1', source: '/old', deletedAt: T1 } };

describe('site redirects decider', () => {
  it('creates a redirect once', () => {
    given(redirects)
      .whenCommand(create('r1', '/old'), at(T0))
      .then([created('r1', '/old')]);
    given(redirects, created('r1', '/old')).whenCommand(create('r1', '/old')).thenNothing();
  });

  it('a source is unique within the site, on create and on update', () => {
    given(redirects, created('r1', '/old')).whenCommand(create('r2', '/old')).thenThrows(DuplicateRedirectSource);
    given(redirects, created('r1', '/old'), created('r2', '/other'))
      .whenCommand(update({ source: '/old' }, 'r2'))
      .thenThrows(DuplicateRedirectSource);
    given(redirects, created('r1', '/old'), deleted)
      .whenCommand(create('r2', '/old'), at(T0))
      .then([created('r2', '/old')]);
  });

  it('sources follow the reference path pattern', () => {
    for (const bad of ['old', '/', '/old/', '/a b', '/a//b', '/%zz', `/${'a'.repeat(512)}`]) {
      given(redirects).whenCommand(create('r1', bad)).thenThrows(BadRequest);
      expect(sourcePathProblem(bad)).toMatch(/^source: must be a path/);
    }
    for (const ok of ['/old', '/a/b-c/d_e.f~g', '/caf%C3%A9']) expect(sourcePathProblem(ok)).toBeNull();
  });

  it('updates the source or the destination, only what changes', () => {
    given(redirects, created('r1', '/old'))
      .whenCommand(update({ source: '/older', destination: toSpace }), at(T1))
      .then([updated({ source: '/older' })]);
    given(redirects, created('r1', '/old'))
      .whenCommand(update({ destination: toPage }), at(T1))
      .then([updated({ destination: toPage })]);
    given(redirects, created('r1', '/old'))
      .whenCommand(update({ source: '/old' }))
      .thenNothing();
    given(redirects)
      .whenCommand(update({ source: '/x' }))
      .thenThrows(RedirectNotFound);
    given(redirects, created('r1', '/old'), deleted)
      .whenCommand(update({ source: '/x' }))
      .thenThrows(RedirectNotFound);
  });

  it('deletes once (205), then decides nothing (204)', () => {
    given(redirects, created('r1', '/old')).whenCommand(del(), at(T1)).then([deleted]);
    given(redirects, created('r1', '/old'), deleted).whenCommand(del()).thenNothing();
    given(redirects).whenCommand(del()).thenNothing();
  });
});
