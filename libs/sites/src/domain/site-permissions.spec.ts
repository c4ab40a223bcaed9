import { ROLES } from '@app/platform';
import { siteAllows, sitePermissions } from './site-permissions';

describe('site permissions', () => {
  it('members read a site; only organization admins administer it', () => {
    for (const role of ROLES) {
      expect(siteAllows(role, 'view')).toBe(true);
      expect(siteAllows(role, 'admin')).toBe(role === 'admin');
      expect(siteAllows(role, 'editAdaptiveSchema')).toBe(role === 'admin');
    }
    expect(siteAllows(null, 'view')).toBe(false);
  });

  it('a flag this server does not serve is false for everyone', () => {
    expect(sitePermissions('admin')).toEqual({
      view: true,
      access: true,
      edit: true,
      create: true,
      admin: true,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: true,
    });
    expect(Object.values(sitePermissions(null)).some(Boolean)).toBe(false);
  });
});
