/**
 * Site customization (the reference SiteCustomizationSettings): a site's settings are its
 * defaults overlaid with what PUT gave; a site space's are the site's overlaid with its own
 * overrides (PATCH), so a site space follows every later change of the site it does not
 * override. Shapes are checked at the HTTP edge against the reference schema; here they are
 * plain JSON.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type CustomizationSettings = { [key: string]: Json };
/** Overrides of one site space: a partial settings object (no nulls: a null in a PATCH removes the key). */
export type CustomizationOverrides = { [key: string]: Json };

const color = (c: string) => ({ light: c, dark: c });

/** Every required field of the reference shape, with the values a new site starts from. */
export const DEFAULT_CUSTOMIZATION: CustomizationSettings = {
  styling: {
    theme: 'clean',
    primaryColor: color('#346DDB'),
    infoColor: color('#787878'),
    successColor: color('#00C950'),
    warningColor: color('#FE9A00'),
    dangerColor: color('#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'search' },
  advancedCustomization: { enabled: true },
  git: { showEditLink: false },
  pageActions: { externalAI: true, markdown: true, mcp: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  insights: { trackingCookie: true },
};

/**
 * Objects whose fields are settings of their own, merged field by field. Every other value
 * (a themed color, a favicon variant, a font definition, a list of links) is one setting and
 * replaced whole: merging `{emoji}` into `{icon}` would make a favicon that is neither.
 */
const GROUPS = new Set(['', 'styling', 'styling.sidebar', ...Object.keys(DEFAULT_CUSTOMIZATION).filter((k) => k !== 'favicon' && k !== 'styling')]);

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `base` overlaid with `top` (group objects field by field); a null in `top` removes the key. */
export function overlay(base: { [key: string]: Json }, top: { [key: string]: Json }, path = ''): { [key: string]: Json } {
  const out: { [key: string]: Json } = { ...base };
  for (const [k, v] of Object.entries(top)) {
    const p = join(path, k);
    if (v === null) delete out[k];
    else if (GROUPS.has(p) && isObject(v) && isObject(out[k])) out[k] = overlay(out[k], v, p);
    else out[k] = v;
  }
  return out;
}

/** PUT: the given settings over the defaults (a field left out keeps its default). */
export const siteSettings = (given: CustomizationSettings): CustomizationSettings => overlay(DEFAULT_CUSTOMIZATION, given);

/** PATCH of a site space's overrides: given fields override, nulls stop overriding; empty groups go. */
export function patchOverrides(current: CustomizationOverrides, patch: CustomizationOverrides): CustomizationOverrides {
  return prune(overlay(current, patch));
}

function prune(o: { [key: string]: Json }, path = ''): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(o)) {
    const p = join(path, k);
    if (GROUPS.has(p) && isObject(v)) {
      const inner = prune(v, p);
      if (Object.keys(inner).length) out[k] = inner;
    } else out[k] = v;
  }
  return out;
}

/** A site space's effective settings: the site's, overlaid with its overrides. */
export const siteSpaceSettings = (site: CustomizationSettings, overrides: CustomizationOverrides | undefined) => (overrides ? overlay(site, overrides) : site);

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
}
