import { given } from '@app/platform/testing/given';
import { spaceSites, spaceSitesStream } from './space-sites';

const recorded = (siteId: string) => ({ type: 'SpaceSiteRecorded' as const, data: { spaceId: 'sp', siteId } });
const record = (siteId: string) => ({ type: 'RecordSpaceSite' as const, spaceId: 'sp', siteId });

describe('space-sites decider: which sites a space was placed in', () => {
  it('records a site once', () => {
    given(spaceSites)
      .whenCommand(record('a'))
      .then([recorded('a')]);
    given(spaceSites, recorded('a')).whenCommand(record('a')).thenNothing();
    given(spaceSites, recorded('a'))
      .whenCommand(record('b'))
      .then([recorded('b')]);
    expect(given(spaceSites, recorded('a'), recorded('b')).state.sites).toEqual(['a', 'b']);
  });

  it('one stream per space', () => {
    expect(spaceSitesStream('sp')).toBe('sites.space-sites-sp');
  });
});
