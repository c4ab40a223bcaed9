import type { ReaderPage } from '@app/content';
import { PlannedPage, TranslationPlan } from '../../domain/translation.events';
import { bodyChanges, deleteChanges, structureChanges, TargetPages } from './target-changes';

const page = (id: string, path: string, parentId: string | null = null) => ({ id, path, parentId }) as ReaderPage;
const pagesOf = (...list: ReaderPage[]): TargetPages => new Map(list.map((p) => [p.path, p]));
const item = (p: string, path: string, from: string | null = null, kind: PlannedPage['kind'] = 'translate'): PlannedPage => ({
  page: p,
  path,
  from,
  kind,
  fingerprint: `f-${p}`,
});
const plan = (pages: PlannedPage[], removed: TranslationPlan['removed'] = []): TranslationPlan => ({ sourceRevision: 'r', pages, removed, words: 0 });

describe('changes a run writes into its target', () => {
  it('inserts missing pages under their parents (refs within a batch), then nothing once they are there', () => {
    const p = plan([item('a', 'guide'), item('b', 'guide/setup'), item('c', 'faq')]);
    expect(structureChanges(p, pagesOf())).toEqual([
      { operation: 'insert_page', fields: { slug: 'guide' }, ref: 'translated-page-0', markdown: '' },
      { operation: 'insert_page', fields: { slug: 'setup' }, ref: 'translated-page-1', markdown: '', into: 'translated-page-0' },
      { operation: 'insert_page', fields: { slug: 'faq' }, ref: 'translated-page-2', markdown: '' },
    ]);
    // After a crash that wrote the first batch, only what is missing is asked again.
    expect(structureChanges(p, pagesOf(page('T1', 'guide')))).toEqual([
      { operation: 'insert_page', fields: { slug: 'setup' }, ref: 'translated-page-1', markdown: '', into: 'T1' },
      { operation: 'insert_page', fields: { slug: 'faq' }, ref: 'translated-page-2', markdown: '' },
    ]);
    expect(structureChanges(p, pagesOf(page('T1', 'guide'), page('T2', 'guide/setup', 'T1'), page('T3', 'faq')))).toEqual([]);
  });

  it('moves a page found at its old path (a new slug, a new parent), keeping its id', () => {
    const p = plan([item('a', 'guide'), item('c', 'guide/questions', 'faq', 'move')]);
    const before = pagesOf(page('T1', 'guide'), page('T3', 'faq'));
    expect(structureChanges(p, before)).toEqual([{ operation: 'update_page', page: 'T3', fields: { slug: 'questions' }, into: 'T1' }]);
    expect(structureChanges(p, pagesOf(page('T1', 'guide'), page('T3', 'guide/questions', 'T1')))).toEqual([]);
    // A move under a page this batch inserts waits for the next batch; a move whose page is gone is left.
    const later = plan([item('n', 'new'), item('c', 'new/faq', 'faq', 'move'), item('d', 'd', 'gone', 'move')]);
    expect(structureChanges(later, before)).toEqual([{ operation: 'insert_page', fields: { slug: 'new' }, ref: 'translated-page-0', markdown: '' }]);
  });

  it('deletes translations of removed pages once, not below another deleted one, not where a planned page takes the path', () => {
    const p = plan(
      [item('x', 'reused')],
      [
        { page: 'a', path: 'old' },
        { page: 'b', path: 'old/child' },
        { page: 'c', path: 'reused' },
        { page: 'd', path: 'gone' },
      ],
    );
    const pages = pagesOf(page('T1', 'old'), page('T2', 'old/child', 'T1'), page('T3', 'reused'));
    expect(deleteChanges(p, pages)).toEqual([{ operation: 'delete_page', page: 'T1' }]);
    expect(deleteChanges(p, pagesOf(page('T3', 'reused')))).toEqual([]);
  });

  it('writes translated bodies over the pages found by path', () => {
    const items = [item('a', 'guide'), item('b', 'missing')];
    expect(
      bodyChanges(
        items,
        new Map([
          ['a', '# GUIDE\n'],
          ['b', '# B\n'],
        ]),
        pagesOf(page('T1', 'guide')),
      ),
    ).toEqual([{ operation: 'update_page', page: 'T1', fields: { slug: 'guide' }, markdown: '# GUIDE\n' }]);
  });
});
