/**
 * The whole stylesheet of a published site, inline in every page (one request per page, no
 * asset route, nothing to cache-bust). Only layout and the classes the content context's reader
 * HTML emits (hints, tabs, embeds, files, content refs, code blocks).
 */
export const siteStyles = (accent: string): string => `
:root{--accent:${accent};--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg-soft:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
a{color:var(--accent)}
.site-header{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;border-bottom:1px solid var(--line)}
.site-title{font-weight:700;font-size:1.15rem;color:var(--fg);text-decoration:none}
.search{display:flex;gap:.25rem}
.search input{padding:.35rem .6rem;border:1px solid var(--line);border-radius:6px;min-width:14rem}
.search button{padding:.35rem .8rem;border:1px solid var(--line);border-radius:6px;background:var(--bg-soft);cursor:pointer}
.sections{display:flex;gap:.25rem;padding:0 1.5rem;border-bottom:1px solid var(--line);flex-wrap:wrap}
.sections>a,.section-group>summary{display:inline-block;padding:.5rem .75rem;color:var(--muted);text-decoration:none;cursor:pointer;list-style:none}
.sections a[aria-current],.section-group.active>summary{color:var(--fg);border-bottom:2px solid var(--accent)}
.section-group{position:relative}
.section-group>div{position:absolute;z-index:2;background:#fff;border:1px solid var(--line);border-radius:6px;padding:.25rem;min-width:12rem}
.section-group>div a{display:block;padding:.35rem .6rem;text-decoration:none}
.layout{display:grid;grid-template-columns:16rem minmax(0,1fr) 14rem;gap:2rem;max-width:80rem;margin:0 auto;padding:1.5rem}
.sidebar ul,.page-toc ul{list-style:none;margin:0;padding-left:.9rem}
.sidebar>nav>ul{padding-left:0}
.sidebar li{margin:.15rem 0}
.sidebar a{color:var(--muted);text-decoration:none}
.sidebar a[aria-current]{color:var(--accent);font-weight:600}
.sidebar .group-title{font-weight:600;font-size:.85rem;text-transform:uppercase;color:var(--fg);margin-top:.75rem;display:block}
.variants{margin-bottom:1rem;display:flex;flex-wrap:wrap;gap:.25rem}
.variants a{padding:.2rem .6rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;font-size:.85rem;color:var(--muted)}
.variants a[aria-current]{border-color:var(--accent);color:var(--accent)}
.page-toc{font-size:.9rem}
.page-toc h2{font-size:.8rem;text-transform:uppercase;color:var(--muted)}
.page-toc .level-3{padding-left:.9rem}
.description{color:var(--muted);font-size:1.1rem}
.pagination{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem}
.pagination a{text-decoration:none}
pre{background:var(--bg-soft);padding:1rem;border-radius:6px;overflow:auto}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
table{border-collapse:collapse}td,th{border:1px solid var(--line);padding:.3rem .6rem}
img{max-width:100%}
blockquote{margin:0;padding-left:1rem;border-left:3px solid var(--line);color:var(--muted)}
.hint{border-left:4px solid var(--accent);background:var(--bg-soft);padding:.5rem 1rem;margin:1rem 0;border-radius:4px}
.hint-success{border-color:#1a7f37}.hint-warning{border-color:#9a6700}.hint-danger{border-color:#d1242f}
.tabs{border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.tabs-item>summary,.tabs-item>h4{font-weight:600}
.embed,.file,.content-ref{border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.search-results li{margin-bottom:1rem}
.search-results mark{background:#fff3b0}
.not-found{text-align:center;padding:4rem 1rem}
@media (max-width:60rem){.layout{grid-template-columns:1fr}.page-toc{display:none}}
`;

/** The customization's primary color when it is a plain hex color (anything else could break out of the stylesheet). */
export function accentColor(customization: Record<string, unknown>): string {
  const styling = customization.styling as { primaryColor?: { light?: unknown } } | undefined;
  const c = styling?.primaryColor?.light;
  return typeof c === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#346ddb';
}
