import { given } from '@app/platform/testing/given';
import { site, SiteSpaceNotFound } from '../site';
import { after, cmd, created, ev, ssAdded } from '../testing/site.fixtures';
import { DEFAULT_CUSTOMIZATION, overlay, siteSpaceSettings } from './customization';

const history = [created(), ssAdded('a', 0)];
const put = (settings: object) => cmd('UpdateCustomization', { settings: settings as never });
const patch = (p: object) => cmd('OverrideSiteSpaceCustomization', { siteSpaceId: 'a', patch: p as never });

describe('site decider: customization', () => {
  it('PUT stores the given settings over the defaults; the same settings again change nothing', () => {
    const settings = overlay(DEFAULT_CUSTOMIZATION, { styling: { corners: 'straight' }, favicon: { emoji: '🎉' } });
    given(site, ...history)
      .whenCommand(put({ styling: { corners: 'straight' }, favicon: { emoji: '🎉' } }))
      .then([ev('SiteCustomizationUpdated', { settings })]);
    expect((settings.styling as Record<string, unknown>).theme).toBe('clean');
    given(site, ...history)
      .whenCommand(put({}))
      .thenNothing();
  });

  it('a settings object is replaced whole, never merged into a shape that is neither (favicon)', () => {
    const s = overlay({ favicon: { icon: { light: 'https://x.test/a.png', dark: 'https://x.test/b.png' } } }, { favicon: { emoji: '📘' } });
    expect(s.favicon).toEqual({ emoji: '📘' });
  });

  it("a site space's overrides: given fields override, nulls stop overriding; it falls back to the site's", () => {
    given(site, ...history)
      .whenCommand(patch({ title: 'API', styling: { corners: 'circular' } }))
      .then([ev('SiteSpaceCustomizationOverridden', { siteSpaceId: 'a', overrides: { title: 'API', styling: { corners: 'circular' } } })]);
    const overridden = [
      ...history,
      ev('SiteSpaceCustomizationOverridden', { siteSpaceId: 'a', overrides: { title: 'API', styling: { corners: 'circular' } } }),
    ];
    given(site, ...overridden)
      .whenCommand(patch({ styling: { corners: null } }))
      .then([ev('SiteSpaceCustomizationOverridden', { siteSpaceId: 'a', overrides: { title: 'API' } })]);
    given(site, ...overridden)
      .whenCommand(patch({ title: null, styling: { corners: null } }))
      .then([ev('SiteSpaceCustomizationRemoved', { siteSpaceId: 'a' })]);
    const s = after(overridden, put({ styling: { corners: 'straight', theme: 'bold' } }));
    const effective = siteSpaceSettings(s.customization!, s.siteSpaceCustomizations.a) as { title: string; styling: Record<string, string> };
    expect([effective.title, effective.styling.corners, effective.styling.theme]).toEqual(['API', 'circular', 'bold']);
  });

  it('removing overrides that are not there changes nothing (204); an unknown site space is not found', () => {
    given(site, ...history)
      .whenCommand(cmd('RemoveSiteSpaceCustomization', { siteSpaceId: 'a' }))
      .thenNothing();
    given(site, ...history)
      .whenCommand(cmd('OverrideSiteSpaceCustomization', { siteSpaceId: 'zz', patch: { title: 'API' } }))
      .thenThrows(SiteSpaceNotFound);
  });

  it('a removed site space takes its overrides with it', () => {
    const overridden = [...history, ev('SiteSpaceCustomizationOverridden', { siteSpaceId: 'a', overrides: { title: 'API' } })];
    expect(after(overridden, cmd('RemoveSiteSpace', { siteSpaceId: 'a' })).siteSpaceCustomizations).toEqual({});
  });
});
