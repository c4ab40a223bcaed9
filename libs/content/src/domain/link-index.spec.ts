import { backlinks, buildLinkIndex, linkStatus, pageLinkUses } from './link-index';
import { bodyOf, build, insert } from './test-fixtures';

describe('link index', () => {
  const s = build([
    insert('A', '[b](/pages/p2) [b again](/pages/p2#x) [gone](/pages/zz) ![img](/files/f1) [web](https://x.io) [loose](/no/such) [self](#top)'),
    insert('B', '[a](/pages/p1)'),
  ]).structure;
  const index = buildLinkIndex(s, bodyOf);

  it('lists one use per target and relation, skipping in-page anchors', () => {
    expect(pageLinkUses('p1', bodyOf(s.pages.get('p1')!.doc)).map((u) => [u.key, u.relation])).toEqual([
      ['file:f1|dependsOn', 'dependsOn'],
      ['page:p2|reference', 'reference'],
      ['page:zz|reference', 'reference'],
      ['path:/no/such|reference', 'reference'],
      ['url:https://x.io|reference', 'reference'],
    ]);
  });

  it('knows which links are broken and who links to a page', () => {
    const status = index.byPage.get('p1')!.map((u) => linkStatus(u.target, s));
    expect(status).toEqual(['broken', 'ok', 'broken', 'broken', 'ok']);
    expect(backlinks(index, { page: 'p2' })).toEqual(['p1']);
    expect(backlinks(index, { page: 'p1' })).toEqual(['p2']);
    expect(backlinks(index, { file: 'f1' })).toEqual(['p1']);
  });
});
