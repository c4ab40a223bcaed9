import { decodeEntities, readHead } from './html-head';
import { oembedCard } from './oembed';
import { pageCard } from './page-card';

const card = (html: string, url = 'https://example.com/blog/post') => pageCard(readHead(html), url);

describe('readHead: the tags and title of a page head', () => {
  it('reads meta and link tags with their attributes in any quoting, and the title', () => {
    const head = readHead(`<!doctype html><html><head>
      <meta charset=utf-8><META Property="og:title" content='A &amp; B'>
      <link rel="icon" href=/favicon.png >
      <title> Hello
        world </title></head><body><meta property="og:title" content="in body"></body>`);
    expect(head.title).toBe('Hello world');
    expect(head.tags).toEqual([
      { name: 'meta', attrs: { charset: 'utf-8' } },
      { name: 'meta', attrs: { property: 'og:title', content: 'A & B' } },
      { name: 'link', attrs: { rel: 'icon', href: '/favicon.png' } },
    ]);
  });

  it('skips comments and the text of scripts and styles', () => {
    const head = readHead(`<head><!-- <meta name="x" content="comment"> --><script>var s = '<meta name="x" content="script">';</script>
      <style>a::before{content:"<title>no</title>"}</style><meta name="x" content="real"><title>Yes</title></head>`);
    expect(head.tags).toEqual([{ name: 'meta', attrs: { name: 'x', content: 'real' } }]);
    expect(head.title).toBe('Yes');
  });

  it('stops at the end of input inside a tag, a comment or a quoted value', () => {
    expect(readHead('<meta name="a" content="1"><meta name="b" content="unterminated').tags).toEqual([{ name: 'meta', attrs: { name: 'a', content: '1' } }]);
    expect(readHead('<title>x</title><!-- never closed <meta name="c">').tags).toEqual([]);
    expect(readHead('<title>cut off').title).toBe('cut off');
  });

  it('reads hostile input in linear time (no backtracking on unclosed tags or quotes)', () => {
    // Half a megabyte of "<a" with no ">" and of unclosed quotes: quadratic scanning would take minutes.
    const evil = `<a${' "<a'.repeat(100_000)}`;
    expect(readHead(evil).tags).toEqual([]);
    expect(readHead('<a b'.repeat(100_000)).tags).toEqual([]);
  });

  it('decodes named and numeric character references, keeping unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &eacute;t&eacute; &#x2014; &#39;x&#39; &nosuch; &#0; &amp')).toBe("<b> été — 'x' &nosuch; \uFFFD &");
  });
});

describe('pageCard: what a page says about itself', () => {
  it('prefers OpenGraph, then Twitter, then <title>; the site from og:site_name', () => {
    expect(
      card(`<title>Plain</title><meta name="twitter:title" content="Tweet"><meta property="og:title" content="Open Graph">
        <meta property="og:site_name" content="Example Blog">`),
    ).toMatchObject({ title: 'Open Graph', siteName: 'Example Blog' });
    expect(card(`<title>Plain</title><meta name="twitter:title" content="Tweet">`)).toMatchObject({ title: 'Tweet', siteName: null });
    expect(card(`<title>Plain</title><meta name="application-name" content="App">`)).toMatchObject({ title: 'Plain', siteName: 'App' });
    expect(card('<p>nothing</p>')).toEqual({ title: null, siteName: null, icon: null, image: null, oembed: null });
  });

  it('resolves icons, images and the oEmbed link against <base> or the page URL, keeping only http(s)', () => {
    expect(
      card(`<base href="https://cdn.example.com/assets/"><link rel="apple-touch-icon" href="touch.png"><link rel="shortcut icon" href="fav.ico">
        <meta property="og:image" content="//img.example.com/cover.png">
        <link rel="alternate" type="application/json+oembed" href="/oembed?url=x&amp;format=json">`),
    ).toEqual({
      title: null,
      siteName: null,
      icon: 'https://cdn.example.com/assets/fav.ico',
      image: 'https://img.example.com/cover.png',
      oembed: 'https://cdn.example.com/oembed?url=x&format=json',
    });
    expect(card('<link rel="icon" href="data:image/png;base64,AAAA"><meta property="og:image" content="javascript:alert(1)">')).toMatchObject({
      icon: null,
      image: null,
    });
    expect(card('<link rel="apple-touch-icon" href="touch.png">').icon).toBe('https://example.com/blog/touch.png');
  });

  it('bounds the texts it keeps', () => {
    expect(card(`<title>${'t'.repeat(5000)}</title>`).title).toHaveLength(300);
  });
});

describe('oembedCard: a provider oEmbed answer', () => {
  const at = 'https://video.example.com/oembed?url=x';

  it('keeps a video player as one sanitized iframe, rebuilt from its allowed attributes', () => {
    const c = oembedCard(
      {
        type: 'video',
        title: 'A talk',
        provider_name: 'Video',
        thumbnail_url: 'https://i.example.com/t.jpg',
        html: '<iframe width="560" height="315" src="https://video.example.com/embed/1" onload="alert(1)" frameborder="0" allowfullscreen style="x"></iframe>',
      },
      at,
    );
    expect(c).toEqual({
      title: 'A talk',
      providerName: 'Video',
      image: 'https://i.example.com/t.jpg',
      html: '<iframe src="https://video.example.com/embed/1" width="560" height="315" allowfullscreen frameborder="0" loading="lazy"></iframe>',
    });
  });

  it('passes no script, no javascript: source and no markup without an iframe', () => {
    const rich = (html: string) => oembedCard({ type: 'rich', html }, at)!.html;
    expect(rich('<blockquote>Tweet</blockquote><script src="https://x.example.com/widgets.js"></script>')).toBeNull();
    expect(rich('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(rich('<iframe src="//player.example.com/1" width="100%" height="1e9"></iframe>')).toBe(
      '<iframe src="https://player.example.com/1" width="100%" loading="lazy"></iframe>',
    );
    expect(oembedCard({ type: 'link', html: '<iframe src="https://a.example.com"></iframe>' }, at)!.html).toBeNull();
  });

  it('reads photos and ignores what is not an oEmbed object', () => {
    expect(oembedCard({ type: 'photo', url: '/p.png', title: ' Photo ' }, at)).toEqual({
      title: 'Photo',
      providerName: null,
      image: 'https://video.example.com/p.png',
      html: null,
    });
    for (const junk of [null, 'text', [1], 42]) expect(oembedCard(junk, at)).toBeNull();
  });
});
