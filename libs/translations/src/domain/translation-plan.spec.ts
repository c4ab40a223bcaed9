import { parentPath, planPages, slugOf } from './translation-plan';

const page = (id: string, path: string, fingerprint = `f-${id}`) => ({ id, path, fingerprint });
const mirrored = (path: string, fingerprint: string) => ({ path, fingerprint });

describe('planning a run', () => {
  it('the first run translates every page, in document order', () => {
    expect(planPages([page('a', 'intro'), page('b', 'intro/setup')], {}, new Set())).toEqual({
      pages: [
        { page: 'a', path: 'intro', from: null, kind: 'translate', fingerprint: 'f-a' },
        { page: 'b', path: 'intro/setup', from: null, kind: 'translate', fingerprint: 'f-b' },
      ],
      removed: [],
    });
  });

  it('later runs translate changed pages only, and move pages whose place changed', () => {
    const mirror = { a: mirrored('intro', 'f-a'), b: mirrored('intro/setup', 'old'), c: mirrored('faq', 'f-c') };
    const target = new Set(['intro', 'intro/setup', 'faq']);
    expect(planPages([page('a', 'intro'), page('b', 'intro/setup'), page('c', 'help/faq')], mirror, target).pages).toEqual([
      { page: 'b', path: 'intro/setup', from: 'intro/setup', kind: 'translate', fingerprint: 'f-b' },
      { page: 'c', path: 'help/faq', from: 'faq', kind: 'move', fingerprint: 'f-c' },
    ]);
  });

  it('a translation deleted in the target is translated again', () => {
    const mirror = { a: mirrored('intro', 'f-a') };
    expect(planPages([page('a', 'intro')], mirror, new Set()).pages).toEqual([{ page: 'a', path: 'intro', from: null, kind: 'translate', fingerprint: 'f-a' }]);
  });

  it('removes translations of pages gone from the source, but never above a page that stays', () => {
    const mirror = { a: mirrored('guide', 'f-a'), b: mirrored('guide/step', 'f-b'), c: mirrored('old', 'f-c'), d: mirrored('gone-too', 'f-d') };
    const target = new Set(['guide', 'guide/step', 'old']);
    // "a" is gone but "b" still lives below it; "d" is not in the target any more.
    expect(planPages([page('b', 'guide/step')], mirror, target).removed).toEqual([{ page: 'c', path: 'old' }]);
  });

  it('paths: parent and slug', () => {
    expect([parentPath('a/b/c'), parentPath('a'), slugOf('a/b/c'), slugOf('a')]).toEqual(['a/b', null, 'c', 'a']);
  });
});
