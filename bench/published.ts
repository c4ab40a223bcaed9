import 'reflect-metadata';
import { Controller, Get, Module, Param, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Response as ExpressResponse } from 'express';
import { apiCall, InProcessApi, listen, startInProcessApi } from './api';
import { runLoad } from './load';
import { ms, percentile, rate } from './stats';

/**
 * `npm run bench -- published`: a published site's page read as a reader (no token, the visitor
 * and session cookies of a returning visitor), `GET /published/<org>/<basename>/<page>`, against
 * a bare Nest endpoint answering the very bytes (body and headers) the site answered: the render
 * ceiling. The site is one public space of 40 pages (~2.5 KB of markdown each: headings, marks,
 * links, lists, a table, code), written and merged through the API, created and published
 * through the API; the load reads 8 of its pages (one per client loop, round robin), 16
 * concurrent loops, the site and the bare endpoint alternating in rounds like benchHttp's GET.
 * Rendered pages are cached in memory by the server, so this is a warm read (with its page_view
 * recorded server-side); the first, uncached render of each page is reported apart.
 * Goal (issue 17): site req/s ÷ bare req/s ≥ 0.8, as for the API's GET.
 */
const PAGES = 40;
const READ_PAGES = 8;
const LOAD = { concurrency: 16, warmup: 500, count: 5_000, rounds: 5 };

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function markdown(n: number): string {
  return [
    `This page describes **component ${n}** in *detail*, with \`inline code\`, a [link to the site](https://example.com/docs/${n}) and a ~~deprecated~~ note. ` +
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
    `## Install component ${n}`,
    '- First step of the procedure\n- Second step, with **bold** words\n  1. A nested ordered step\n  2. Another one\n- Third step',
    '| Setting | Default | Meaning |\n| --- | :---: | ---: |\n| port | 8080 | listening port |\n| host | 0.0.0.0 | bind address |\n| workers | 4 | parallel workers |',
    `## Use component ${n}`,
    '```ts\nexport function handler(input: Request): Response {\n  const value = compute(input.body);\n  return new Response(JSON.stringify({ value }));\n}\n```',
    `### Details\n\nUt enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Page ${n} ends here.`,
  ].join('\n\n');
}

/** What the site answered for a path: served as is by the bare endpoint. */
interface Recorded {
  headers: Array<[string, string | string[]]>;
  body: string;
}
let RECORDED = new Map<string, Recorded>();

@Controller()
class BarePageController {
  @Get('published/:org/:site/:page')
  get(@Param('org') org: string, @Param('site') site: string, @Param('page') page: string, @Res({ passthrough: true }) res: ExpressResponse) {
    const r = RECORDED.get(`/published/${org}/${site}/${page}`);
    if (!r) return '';
    for (const [name, value] of r.headers) res.setHeader(name, value);
    return r.body;
  }
}

@Module({ controllers: [BarePageController] })
class BarePageModule {}

/**
 * A reader's GET of a page, sent again after Retry-After while a busy machine sheds it (a 503
 * "overloaded": nothing was done); `ms` is the time of the attempt that was answered.
 */
async function read(url: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: string; ms: number }> {
  for (let attempt = 1; ; attempt++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status === 503 && attempt < 30 && body.includes('The server is overloaded')) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    return { res, body, ms: elapsed };
  }
}

/** Headers Node's HTTP server writes itself (or that describe the connection): not copied. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export async function runPublishedBench(given?: InProcessApi): Promise<{ line: string; details: string[] }> {
  const api = given ?? (await startInProcessApi('published'));
  let bare: NestExpressApplication | null = null;
  try {
    const org = api.organizationId;
    const space = (await apiCall<{ id: string }>(api, 'POST', `/orgs/${org}/spaces`, { title: 'Reader handbook' })).id;
    const cr = (await apiCall<{ id: string }>(api, 'POST', `/spaces/${space}/change-requests`, { subject: 'Seed', status: 'open' })).id;
    for (let from = 0; from < PAGES; from += 20) {
      const changes = Array.from({ length: Math.min(20, PAGES - from) }, (_, i) => ({
        operation: 'insert_page',
        title: `Component ${from + i}`,
        document: { markdown: markdown(from + i) },
      }));
      await apiCall(api, 'POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    }
    await apiCall(api, 'POST', `/spaces/${space}/change-requests/${cr}/merge`);
    const pages = (await apiCall<{ pages: Array<{ path: string }> }>(api, 'GET', `/spaces/${space}/content/pages`)).pages;
    if (pages.length < READ_PAGES) throw new Error(`the space has ${pages.length} pages, expected ${PAGES}`);
    const site = await apiCall<{ id: string; basename: string }>(api, 'POST', `/orgs/${org}/sites`, { title: 'Reader docs', spaces: [space] });
    const published = await apiCall<{ visibility?: string; urls?: { published?: string } }>(api, 'POST', `/orgs/${org}/sites/${site.id}/publish`, {});
    await api.engine.waitForHead();
    const root = published.urls?.published
      ? new URL(published.urls.published).pathname.replace(/\/+$/, '')
      : `/published/${org}/${encodeURIComponent(site.basename)}`;
    // Pages spread over the tree, each a single path segment under the site's root.
    const paths = Array.from({ length: READ_PAGES }, (_, i) => `${root}/${pages[Math.floor((i * pages.length) / READ_PAGES)].path}`);
    if (paths.some((p) => p.split('/').length !== 5)) throw new Error(`unexpected page paths: ${paths.join(', ')}`);

    // A returning visitor: the cookies the first answer sets (from a page the load does not read,
    // so the first render of each read page below is a cache miss).
    const other = `${root}/${pages[1].path}`;
    const { res: first } = await read(api.baseUrl + other);
    if (first.status !== 200) throw new Error(`GET ${other} -> ${first.status}`);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie };
    const firstRenderMs: number[] = [];
    RECORDED = new Map();
    for (const p of paths) {
      const { res, body, ms: renderMs } = await read(api.baseUrl + p, headers);
      firstRenderMs.push(renderMs);
      if (res.status !== 200 || !body.includes('<html')) throw new Error(`GET ${p} -> ${res.status}: ${body.slice(0, 300)}`);
      const { body: again } = await read(api.baseUrl + p, headers);
      if (again !== body) log(`published: ${p} answered different bodies on two reads (${body.length} vs ${again.length} bytes)`);
      const copied: Recorded['headers'] = [];
      res.headers.forEach((value, name) => {
        if (!OWN_HEADERS.has(name) && name !== 'set-cookie') copied.push([name, value]);
      });
      const setCookie = res.headers.getSetCookie();
      if (setCookie.length) copied.push(['set-cookie', setCookie]);
      RECORDED.set(p, { headers: copied, body });
    }
    const bodyBytes = [...RECORDED.values()].map((r) => Buffer.byteLength(r.body));

    bare = await NestFactory.create<NestExpressApplication>(BarePageModule, { logger: ['error'] });
    bare.disable('x-powered-by');
    bare.set('etag', false);
    const bareUrl = await listen(bare);
    const { body: bareBody } = await read(bareUrl + paths[0], headers);
    if (bareBody !== RECORDED.get(paths[0])!.body) throw new Error('the bare endpoint does not answer the recorded page');

    log(
      `published: ${paths.length} pages of ${root}, site and bare alternating: ${LOAD.warmup} warm-up + ${LOAD.count} requests each in ${LOAD.rounds} rounds, concurrency ${LOAD.concurrency}`,
    );
    const [siteLoad, bareLoad] = await runLoad({
      targets: [
        { baseUrl: api.baseUrl, method: 'GET', paths, headers },
        { baseUrl: bareUrl, method: 'GET', paths, headers },
      ],
      ...LOAD,
      countWarmupFailures: true,
    });
    const siteRps = siteLoad.requests / (siteLoad.elapsedMs / 1000);
    const bareRps = bareLoad.requests / (bareLoad.elapsedMs / 1000);
    const failures = (f: Record<string, number>) => Object.values(f).reduce((n, c) => n + c, 0);
    const failed = failures(siteLoad.failures) + failures(bareLoad.failures);
    const warmFailed = failures(siteLoad.warmupFailures ?? {}) + failures(bareLoad.warmupFailures ?? {});
    return {
      line: `published: pages=${paths.length} site_rps=${Math.round(siteRps)} bare_rps=${Math.round(bareRps)} ratio=${(siteRps / bareRps).toFixed(2)} p99_ms=${ms(percentile(siteLoad.latenciesMs, 99))} non_2xx=${failed}`,
      details: [
        `site (${published.visibility ?? '?'}) of one space with ${pages.length} pages; ${paths.length} pages read, ${Math.min(...bodyBytes)}–${Math.max(...bodyBytes)} bytes of HTML each; a returning visitor's cookies, no token; every view recorded`,
        `site: ${rate(siteRps)} req/s, p50 ${ms(percentile(siteLoad.latenciesMs, 50))} ms, p99 ${ms(percentile(siteLoad.latenciesMs, 99))} ms; bare Nest answering the same headers and bytes: ${rate(bareRps)} req/s, p50 ${ms(percentile(bareLoad.latenciesMs, 50))} ms, p99 ${ms(percentile(bareLoad.latenciesMs, 99))} ms; ratio ${(siteRps / bareRps).toFixed(2)} (goal ≥ 0.8)`,
        `first (uncached) render of each read page: p50 ${ms(percentile(firstRenderMs, 50))} ms, max ${ms(Math.max(...firstRenderMs))} ms`,
        ...(failed ? [`**${failed} non-2xx answers**; first: ${siteLoad.firstFailure ?? bareLoad.firstFailure}`] : []),
        ...(warmFailed ? [`${warmFailed} non-2xx answers during the warm-up (a busy machine shedding)`] : []),
      ],
    };
  } finally {
    if (bare) await bare.close();
    if (!given) await api.close();
  }
}
