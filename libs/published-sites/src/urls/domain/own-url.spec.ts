import { ownAddress, shownUrl } from './own-url';

const PUBLIC = 'https://docs.example.com';
const at = (path: string, publicUrl = PUBLIC) => ownAddress(new URL(path, publicUrl), publicUrl);
const main = { kind: 'main' };

describe('ownAddress: the content a URL of this server names', () => {
  it.each([
    ['/app/s/sp1', { kind: 'space', spaceId: 'sp1', target: main, page: null }],
    ['/app/s/sp1/guide/install', { kind: 'space', spaceId: 'sp1', target: main, page: { path: 'guide/install' } }],
    ['/app/s/sp1/~/changes/7', { kind: 'space', spaceId: 'sp1', target: { kind: 'change-request', ref: '7' }, page: null }],
    ['/app/s/sp1/~/changes/7/intro', { kind: 'space', spaceId: 'sp1', target: { kind: 'change-request', ref: '7' }, page: { path: 'intro' } }],
    ['/app/s/sp1/~/revisions/r1/a/b', { kind: 'space', spaceId: 'sp1', target: { kind: 'revision', revisionId: 'r1' }, page: { path: 'a/b' } }],
    ['/app/collections/c1', { kind: 'collection', collectionId: 'c1' }],
    ['/app/o/org1/sites/site1', { kind: 'site', organizationId: 'org1', siteId: 'site1', part: null }],
  ])('app URL %s', (path, expected) => expect(at(path)).toEqual(expected));

  it.each([
    ['/v1/spaces/sp1', { kind: 'space', spaceId: 'sp1', target: main, page: null }],
    ['/v1/spaces/sp1/content', { kind: 'space', spaceId: 'sp1', target: main, page: null }],
    ['/v1/spaces/sp1/content/page/p1', { kind: 'space', spaceId: 'sp1', target: main, page: { id: 'p1' } }],
    ['/v1/spaces/sp1/content/path/a/b', { kind: 'space', spaceId: 'sp1', target: main, page: { path: 'a/b' } }],
    ['/v1/spaces/sp1/change-requests/cr1', { kind: 'space', spaceId: 'sp1', target: { kind: 'change-request', ref: 'cr1' }, page: null }],
    [
      '/v1/spaces/sp1/change-requests/cr1/content/page/p1',
      { kind: 'space', spaceId: 'sp1', target: { kind: 'change-request', ref: 'cr1' }, page: { id: 'p1' } },
    ],
    ['/v1/spaces/sp1/revisions/r1', { kind: 'space', spaceId: 'sp1', target: { kind: 'revision', revisionId: 'r1' }, page: null }],
    ['/v1/spaces/sp1/revisions/r1/path/intro', { kind: 'space', spaceId: 'sp1', target: { kind: 'revision', revisionId: 'r1' }, page: { path: 'intro' } }],
    ['/v1/collections/c1', { kind: 'collection', collectionId: 'c1' }],
    ['/v1/orgs/o1/sites/s1', { kind: 'site', organizationId: 'o1', siteId: 's1', part: null }],
    ['/v1/orgs/o1/sites/s1/site-spaces/ss1', { kind: 'site', organizationId: 'o1', siteId: 's1', part: { siteSpaceId: 'ss1' } }],
    ['/v1/orgs/o1/sites/s1/sections/sec1', { kind: 'site', organizationId: 'o1', siteId: 's1', part: { sectionId: 'sec1' } }],
  ])('location URL %s', (path, expected) => expect(at(path)).toEqual(expected));

  it.each([
    ['/published/s/sp1', { kind: 'space', spaceId: 'sp1', target: main, page: null }],
    ['/published/s/sp1/intro', { kind: 'space', spaceId: 'sp1', target: main, page: { path: 'intro' } }],
    ['/published/~preview/site1/api/intro', { kind: 'preview', siteId: 'site1', rest: ['api', 'intro'] }],
    ['/published/org1/docs', { kind: 'published' }],
    ['/published/org1/docs/guide/intro?shareKey=k', { kind: 'published' }],
  ])('published URL %s', (path, expected) => expect(at(path)).toEqual(expected));

  it('decodes segments and ignores query, fragment and doubled slashes', () => {
    expect(at('/app/s/sp%201//caf%C3%A9?x=1#top')).toEqual({ kind: 'space', spaceId: 'sp 1', target: main, page: { path: 'café' } });
  });

  it.each([
    '/',
    '/app',
    '/app/s',
    '/app/s/sp1/~/drafts/1',
    '/app/s/sp1/~/changes',
    '/app/collections/c1/extra',
    '/app/o/org1',
    '/v1/spaces',
    '/v1/spaces/sp1/comments',
    '/v1/spaces/sp1/content/files/f1',
    '/v1/spaces/sp1/change-requests/cr1/reviews',
    '/v1/spaces/sp1/revisions/r1/page',
    '/v1/orgs/o1',
    '/v1/orgs/o1/sites/s1/redirects/r1',
    '/v1/orgs/o1/sites/s1/site-spaces/ss1/customization',
    '/published/org1',
    '/app/s/%E0%A4%A',
    '/health/live',
  ])('%s is on this server but names no content', (path) => expect(at(path)).toEqual({ kind: 'unknown' }));

  it('is null for another host (a port is part of the host); the host compares without case', () => {
    expect(at('https://other.example.com/app/s/sp1')).toBeNull();
    expect(at('https://docs.example.com:8443/app/s/sp1')).toBeNull();
    expect(at('https://DOCS.example.com/app/s/sp1')).toEqual({ kind: 'space', spaceId: 'sp1', target: main, page: null });
  });

  it('reads paths below a PUBLIC_URL that has a path of its own', () => {
    const pub = 'https://example.com/docs';
    expect(at('https://example.com/docs/app/collections/c1', pub)).toEqual({ kind: 'collection', collectionId: 'c1' });
    expect(at('https://example.com/app/collections/c1', pub)).toEqual({ kind: 'unknown' });
    expect(at('https://example.com/docsapp/collections/c1', pub)).toEqual({ kind: 'unknown' });
  });

  it('shows a URL without its credentials and query', () => {
    expect(shownUrl(new URL('https://u:p@example.com/a/b?shareKey=secret#x'))).toBe('https://example.com/a/b');
  });
});
