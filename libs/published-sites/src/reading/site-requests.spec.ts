import { withoutCredentials } from './site-answers';
import { siteTarget } from './published-site.reader';
import { hostFormAddress, hostnameOf, pathFormAddress, urlAddress } from './site-address';
import { llmsTxt, robotsTxt, sitemapXml } from './site-documents';
import { site } from './testing/site-fixture';
import { COOKIES, jwtSecondsLeft, parseCookies, presentedCredentials, serializeCookie } from './visitor-credentials';

describe('site addresses', () => {
  it('path form, preview form and host form', () => {
    expect(pathFormAddress('/published/org1/docs/api/a%20b')).toEqual({
      locator: { organizationId: 'org1', basename: 'docs' },
      mode: 'path',
      basePath: '/published/org1/docs',
      segments: ['api', 'a b'],
    });
    expect(pathFormAddress('/published/~preview/s1/x/')).toEqual({
      locator: { siteId: 's1' },
      mode: 'preview',
      basePath: '/published/~preview/s1',
      segments: ['x'],
    });
    expect(hostFormAddress('docs.acme.com', '/')).toEqual({ locator: { hostname: 'docs.acme.com' }, mode: 'host', basePath: '', segments: [] });
    for (const bad of ['/published/org1', '/published/', '/other/org/docs', '/published/org1/docs/%E0%A4%A']) expect(pathFormAddress(bad)).toBeNull();
  });

  it('hostnames from Host headers; URLs under PUBLIC_URL are path form, others host form; previews are not resolved', () => {
    expect(hostnameOf('Docs.Acme.com:8443')).toBe('docs.acme.com');
    expect(hostnameOf('bad host')).toBeNull();
    expect(urlAddress(new URL('http://127.0.0.1:3000/published/o/b/p'), 'http://127.0.0.1:3000')?.segments).toEqual(['p']);
    expect(urlAddress(new URL('http://127.0.0.1:3000/published/~preview/s/p'), 'http://127.0.0.1:3000')).toBeNull();
    expect(urlAddress(new URL('http://127.0.0.1:3000/v1/orgs'), 'http://127.0.0.1:3000')).toBeNull();
    expect(urlAddress(new URL('https://docs.acme.com/a/b'), 'http://127.0.0.1:3000')).toMatchObject({ mode: 'host', segments: ['a', 'b'] });
  });

  it('redirect destinations under the site stay on the site, whatever form the visitor used', () => {
    const s = site({ url: 'https://docs.acme.com' });
    expect(siteTarget(s, 'https://docs.acme.com/new/page')).toEqual({ sitePath: '/new/page' });
    expect(siteTarget(s, 'https://docs.acme.com')).toEqual({ sitePath: '' });
    expect(siteTarget(s, '/rel')).toEqual({ sitePath: '/rel' });
    expect(siteTarget(s, 'https://docs.acme.community/x')).toEqual({ url: 'https://docs.acme.community/x' });
  });
});

describe('visitor credentials', () => {
  it('query values win over cookies; unsigned claims are typed and named safely', () => {
    const cookies = parseCookies(`${COOKIES.shareKey}=old; ${COOKIES.unsigned}=${encodeURIComponent('{"plan":"free","__proto__":1}')}; junk; x=%E0`);
    const p = presentedCredentials({ shareKey: 'new', 'visitor.beta': 'true', 'visitor.n': '42', 'visitor.__proto__': 'x', 'visitor.a-b': 'x' }, cookies);
    expect(p.credentials).toEqual({ shareKey: 'new', unsignedClaims: { plan: 'free', beta: true, n: 42 } });
    expect(p.fromQuery).toEqual({ shareKey: 'new', unsigned: { beta: true, n: 42 } });
    expect(presentedCredentials({ visitorAuthToken: 'j' }, { [COOKIES.jwtToken]: 'c' }).credentials).toEqual({ jwtToken: 'j' });
    expect(presentedCredentials({}, { [COOKIES.jwtToken]: 'c' })).toEqual({ credentials: { jwtToken: 'c' }, fromQuery: {}, unsigned: {} });
  });

  it('credentials leave the URL; cookies are HttpOnly, SameSite=Lax, scoped to the site', () => {
    expect(withoutCredentials('?jwt_token=a&q=x&visitor.plan=pro&shareKey=k')).toBe('?q=x');
    expect(withoutCredentials('?shareKey=k')).toBe('');
    expect(serializeCookie('n', 'a b', { path: '/published/o/b', secure: true, maxAge: 60 })).toBe(
      'n=a%20b; Path=/published/o/b; HttpOnly; SameSite=Lax; Secure; Max-Age=60',
    );
  });

  it("a token's cookie lives until its exp", () => {
    const token = `x.${Buffer.from(JSON.stringify({ exp: 1_000 })).toString('base64url')}.y`;
    expect(jwtSecondsLeft(token, 400_000)).toBe(600);
    expect(jwtSecondsLeft('not-a-jwt', 0)).toBeNull();
  });
});

describe('site documents', () => {
  it('robots.txt opens public sites to crawlers with their sitemap and closes every other', () => {
    expect(robotsTxt(true, 'https://d/sitemap.xml')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://d/sitemap.xml\n');
    expect(robotsTxt(false, 'https://d/sitemap.xml')).toBe('User-agent: *\nDisallow: /\n');
  });

  it('sitemap.xml escapes its URLs; llms.txt lists pages per site space', () => {
    expect(sitemapXml([{ loc: 'https://d/a?x=1&y=2', lastmod: '2026-01-01' }])).toContain('<loc>https://d/a?x=1&amp;y=2</loc>');
    const text = llmsTxt('Docs', [
      { title: 'Guide', pages: [{ title: 'Intro [new]', url: 'https://d/intro (1).md', description: 'Start\nhere' }] },
      { title: 'API', pages: [] },
    ]);
    expect(text).toBe('# Docs\n\n## Guide\n\n- [Intro \\[new\\]](https://d/intro%20%281%29.md): Start here\n');
  });
});
