import type { Urls } from '@app/platform';
import type { PageMatch } from './page-search';

/** Reference SearchSectionResult: `body` is the snippet (escaped text, matched words in <mark>). */
export interface SearchSectionResultView {
  id: string;
  title: string;
  path: string;
  body: string;
  urls: { app: string };
}

/** Reference SearchPageResult, with the contract's `ancestors` (titles of the pages above it). */
export interface SearchPageResultView {
  id: string;
  title: string;
  path: string;
  sections: SearchSectionResultView[];
  ancestors: Array<{ title: string }>;
  urls: { app: string };
}

/** Reference SearchSpaceResult. */
export interface SearchSpaceResultView {
  id: string;
  title: string;
  pages: SearchPageResultView[];
}

/** A page match as the reference shows it; URLs point into the application (`/app/s/<spaceId>/<path>`). */
export function pageResult(m: PageMatch, urls: Urls): SearchPageResultView {
  const { doc } = m;
  const app = urls.app(`/s/${doc.spaceId}${doc.path ? `/${doc.path}` : ''}`);
  return {
    id: doc.pageId,
    title: doc.title,
    path: doc.path,
    sections: m.sections.map((s) => ({
      id: s.anchor ? `${doc.pageId}#${s.anchor}` : doc.pageId,
      title: s.title,
      path: s.anchor ? `${doc.path}#${s.anchor}` : doc.path,
      body: s.snippet,
      urls: { app: s.anchor ? `${app}#${s.anchor}` : app },
    })),
    ancestors: doc.ancestors.map((title) => ({ title })),
    urls: { app },
  };
}
