import { escapeHtml } from './html/html-template';

/**
 * The text documents of a site besides its pages. Indexing follows visibility: `public` sites
 * are open to crawlers and list their pages in a sitemap; `unlisted`, `share-link` and
 * `visitor-auth` sites (and previews) tell every crawler to stay away.
 */
export function robotsTxt(indexable: boolean, sitemapUrl: string): string {
  return indexable ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : 'User-agent: *\nDisallow: /\n';
}

export interface SitemapEntry {
  loc: string;
  lastmod: string;
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${escapeHtml(e.loc)}</loc><lastmod>${escapeHtml(e.lastmod)}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

export interface LlmsSection {
  title: string;
  pages: Array<{ title: string; url: string; description: string | null }>;
}

/** One line of markdown text: no line breaks, and no brackets that would end a link early. */
const inline = (s: string) => s.replace(/\s+/g, ' ').trim();
const linkText = (s: string) => inline(s).replace(/([[\]\\])/g, '\\$1');

/** `llms.txt` (llmstxt.org): the site's title, then one list of page links (to their markdown) per site space. */
export function llmsTxt(title: string, sections: readonly LlmsSection[]): string {
  const lines = [`# ${inline(title)}`, ''];
  for (const s of sections) {
    if (s.pages.length === 0) continue;
    if (sections.length > 1) lines.push(`## ${inline(s.title)}`, '');
    for (const p of s.pages)
      lines.push(
        `- [${linkText(p.title)}](${p.url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\s/g, '%20')})${p.description ? `: ${inline(p.description)}` : ''}`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
