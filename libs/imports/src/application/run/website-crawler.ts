import { OutboundHttp } from '@app/platform';
import { readHtmlPage } from '../convert/html-page';
import { documentKey, SourceDocument } from '../convert/source-document';
import { ImportFailed, ImportLimits } from '../convert/uploaded-files';
import { ImportCounts } from '../../domain/import-run.events';

/** Links that name files rather than pages: never fetched as pages (images stay linked where they are). */
const ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|css|js|mjs|json|xml|txt|pdf|zip|gz|tgz|tar|mp3|mp4|webm|mov|woff2?|ttf|otf|eot)$/i;
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i;

export interface CrawlHooks {
  /** Called before every page with the counts so far; false stops the crawl (the run was cancelled). */
  beforePage(counts: ImportCounts): Promise<boolean>;
}

/**
 * A bounded crawl of one website: breadth first from the start URL, following `<a href>` links
 * to pages of the same origin only (another origin is never requested), each page once
 * (fragments dropped, `x/index.html` the same as `x/`), through the platform's outbound client
 * (network guard, timeout, redirects). A linked page that is missing or not HTML is skipped; the
 * start page must be HTML. More pages than IMPORT_MAX_PAGES, or more bytes than IMPORT_MAX_BYTES,
 * fail the run. A page redirected to another origin is dropped (its answer is not used).
 */
export async function crawlWebsite(outbound: OutboundHttp, start: string, limits: ImportLimits, hooks: CrawlHooks) {
  const origin = new URL(start).origin;
  const queue = [documentKey(start)];
  const seen = new Set(queue);
  const documents: SourceDocument[] = [];
  let bytes = 0;
  while (queue.length) {
    if (!(await hooks.beforePage({ pages: documents.length, pending: queue.length, bytes }))) return null;
    if (documents.length >= limits.maxPages)
      throw new ImportFailed(`the website has more than ${limits.maxPages} pages (IMPORT_MAX_PAGES); start from a deeper URL or raise the limit`);
    const url = queue.shift()!;
    const first = documents.length === 0 && bytes === 0;
    const budget = limits.maxBytes - bytes;
    const got = await outbound.get(url, { purpose: 'content import', accept: 'text/html, application/xhtml+xml;q=0.9', maxBytes: budget, overflow: 'fail' });
    if (!got.ok) {
      // Past the run's remaining budget (not the one fetch's own bound, FETCH_MAX_BYTES): the import is too large.
      if (got.kind === 'too-large' && !got.message.includes('FETCH_MAX_BYTES'))
        throw new ImportFailed(`the website is larger than ${limits.maxBytes} bytes (IMPORT_MAX_BYTES); reading ${url} went past it`);
      if (first || got.kind === 'too-large') throw new ImportFailed(`the website could not be read: ${got.message}`);
      continue;
    }
    bytes += got.body.length;
    if (new URL(got.url).origin !== origin || !HTML.test(got.contentType ?? '')) {
      if (first) throw new ImportFailed(`${url} is not an HTML page (Content-Type ${got.contentType ?? 'missing'})`);
      continue;
    }
    const page = readHtmlPage(got.body.toString('utf8'), got.url);
    documents.push({ sourceURL: got.url, base: got.url, title: page.title, body: { kind: 'tree', tree: page.tree } });
    // The address asked for and the one that answered both lead here (links may use either).
    seen.add(documentKey(got.url));
    for (const link of page.links) {
      const to = new URL(link);
      if (to.origin !== origin || ASSET.test(to.pathname)) continue;
      const key = documentKey(link);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(key);
    }
  }
  return { documents, bytes };
}
