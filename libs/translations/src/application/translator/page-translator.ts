import { TranslationLanguage } from '../../domain/languages';
import { SegmentedPage } from '../../domain/markdown-segments';
import { Translator } from './translator.port';

export interface PagesRequest {
  from: TranslationLanguage;
  to: TranslationLanguage;
  instructions: string;
}

/**
 * Translates pages through a provider: every segment of every page in as few calls as the
 * provider takes, then each reply put back into its page. A reply whose tags do not add up is
 * not written: that segment's text pieces are sent again one by one (no tags to lose), and its
 * markup is written as it was around them.
 */
export async function translatePages(translator: Translator, pages: readonly SegmentedPage[], r: PagesRequest): Promise<string[]> {
  const at = pages.flatMap((p, page) => p.segments.map((_s, i) => ({ page, i })));
  const replies = at.length ? await translator.translate({ ...r, texts: at.map(({ page, i }) => pages[page].segments[i].text) }) : [];
  const inline = pages.map((p) => new Array<string | null>(p.segments.length).fill(null));
  const retry: Array<{ page: number; i: number }> = [];
  at.forEach(({ page, i }, k) => {
    const rendered = pages[page].render(i, replies[k]);
    if (rendered === null) retry.push({ page, i });
    else inline[page][i] = rendered;
  });
  if (retry.length) {
    const pieces = retry.flatMap(({ page, i }) => pages[page].segments[i].pieces);
    const answers = pieces.length ? await translator.translate({ ...r, texts: pieces }) : [];
    let k = 0;
    for (const { page, i } of retry) {
      const n = pages[page].segments[i].pieces.length;
      inline[page][i] = pages[page].renderPieces(i, answers.slice(k, k + n));
      k += n;
    }
  }
  return pages.map((p, page) => p.assemble(inline[page]));
}
