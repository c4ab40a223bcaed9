import { Injectable } from '@nestjs/common';
import { Urls } from '@app/platform';
import { ShareLinkKeys } from './share-link-keys';
import { ShareLinkDoc } from './share-link.projection';
import type { SiteSummary } from './site-access';
import { sitePublishedUrl } from './site-urls';

/** Reference ShareLink. */
export interface ShareLinkView {
  object: 'share-link';
  id: string;
  createdAt: string;
  name: string;
  active: boolean;
  urls: { published?: string };
}

/** The query parameter a share link's URL carries its key in (the reference's `shareKey`). */
export const SHARE_KEY_PARAMETER = 'shareKey';

@Injectable()
export class ShareLinkViews {
  constructor(
    private readonly keys: ShareLinkKeys,
    private readonly urls: Urls,
  ) {}

  /**
   * The key is shown only here, inside the published URL. A key sealed under a sealing key that
   * has since changed (CONTENT_SIGNING_KEY) cannot be shown: `published` is left out, and the
   * admin creates a new link.
   */
  render(site: SiteSummary, d: ShareLinkDoc): ShareLinkView {
    const key = this.keys.open(d.id, d.sealedKey);
    const published = key === null ? undefined : withShareKey(sitePublishedUrl(this.urls, site), key);
    return { object: 'share-link', id: d.id, createdAt: d.createdAt, name: d.name, active: d.active, urls: published ? { published } : {} };
  }
}

export function withShareKey(siteUrl: string, key: string): string {
  const url = new URL(siteUrl);
  url.searchParams.set(SHARE_KEY_PARAMETER, key);
  return url.toString();
}
