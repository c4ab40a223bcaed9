/**
 * HTML written by hand for the published site's chrome (layout, navigation, error pages). Every
 * value interpolated into `markup\`…\`` is escaped unless it is already `SafeHtml` (the output of
 * another `markup` template, or `trusted()` for HTML that was sanitized elsewhere, such as a page
 * body from the content context). So escaping is the default and forgetting it is impossible.
 * (The tag is not called `html` so that prettier leaves the templates' whitespace alone.)
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** HTML that is already safe (sanitized by the content context's reader pipeline). */
export const trusted = (value: string): SafeHtml => new SafeHtml(value);

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const render = (v: HtmlValue): string => {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
};

export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * A URL for an href/src attribute: only http(s), root-relative paths and fragments; anything
 * else (javascript:, data:, protocol-relative) becomes '#'. The template escapes it afterwards.
 */
export function safeHref(url: string): string {
  if (url.startsWith('#')) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : '#';
  } catch {
    return '#';
  }
}
