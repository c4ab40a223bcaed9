import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { OutboundHttp, PlatformConfig } from '@app/platform';
import { bareLink, externalEmbed, type Embed } from '../domain/embed';
import { readHead } from '../domain/html-head';
import { oembedCard, type OEmbedCard } from '../domain/oembed';
import { pageCard } from '../domain/page-card';

/** A card needs a page's head: this much of a page is read at most (FETCH_MAX_BYTES lowers it). */
const PAGE_BYTES = 512 * 1024;
const OEMBED_BYTES = 64 * 1024;
const HTML = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * Link cards of pages on other hosts: the page's head is fetched (one deadline of
 * FETCH_TIMEOUT_MS for everything, at most FETCH_MAX_REDIRECTS redirects, never a private
 * address unless OUTBOUND_ALLOWED_HOSTS lists it), then the oEmbed endpoint it announces, if any.
 * Whatever fails — timeout, refusal, an error status, not HTML — the card is the bare link:
 * an embed is a convenience, never an error. Cards fetched are kept a few minutes, so editors
 * re-rendering an embed do not make this server hammer the page.
 */
@Injectable()
export class ExternalEmbeds {
  private readonly cache = new LRUCache<string, Embed>({ max: 500, ttl: 5 * 60_000 });

  private readonly outbound: OutboundHttp;

  constructor(private readonly config: PlatformConfig) {
    this.outbound = new OutboundHttp(config);
  }

  async embed(url: URL): Promise<Embed> {
    const cached = this.cache.get(url.href);
    if (cached) return cached;
    // One deadline for the page and its oEmbed answer together.
    const deadline = AbortSignal.timeout(this.config.fetchTimeoutMs);
    const page = await this.outbound.get(url, {
      purpose: 'link preview',
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      maxBytes: PAGE_BYTES,
      overflow: 'truncate',
      stopAfter: '</head',
      signal: deadline,
    });
    if (!page.ok || !HTML.test(page.contentType ?? '')) return bareLink(url);
    const card = pageCard(readHead(decodeHtml(page.body, page.contentType)), page.url);
    const embed = externalEmbed(url, card, card.oembed ? await this.oembed(card.oembed, deadline) : null);
    this.cache.set(url.href, embed);
    return embed;
  }

  /** The oEmbed answer, whole (a cut JSON document is no answer), or null. */
  private async oembed(endpoint: string, deadline: AbortSignal): Promise<OEmbedCard | null> {
    const res = await this.outbound.get(endpoint, { purpose: 'link preview', accept: 'application/json', maxBytes: OEMBED_BYTES, signal: deadline });
    if (!res.ok) return null;
    try {
      return oembedCard(JSON.parse(res.body.toString('utf8')), res.url);
    } catch {
      return null;
    }
  }
}

/** The page's text in its declared charset (Content-Type, else `<meta charset>`), UTF-8 when unknown. */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]{0,200}?charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
