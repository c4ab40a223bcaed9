import { readHtmlPage } from './html-page';
import { toPageMarkdown } from './markdown-output';

const page = (body: string, head = '<title>Install – Acme Docs</title>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('HTML pages as markdown', () => {
  it('keeps the main content only, titled by its first h1, with absolute links and images', () => {
    const html = page(`
      <header><a href="/">Acme</a></header>
      <nav><a href="/a">A</a><a href="/b">B</a></nav>
      <main>
        <h1>Install the <em>CLI</em></h1>
        <p>Run <code>acme init</code>, then read <a href="setup.html#env">the setup</a>.</p>
        <img src="img/shot.png" alt="Screenshot">
        <table><thead><tr><th>OS</th><th>Command</th></tr></thead><tbody><tr><td>Linux</td><td>apt</td></tr></tbody></table>
        <script>alert(1)</script><style>p{}</style>
      </main>
      <footer>© Acme <a href="/legal">Legal</a></footer>`);
    const read = readHtmlPage(html, 'https://docs.acme.test/guide/install.html');
    expect(read.title).toBe('Install the CLI');
    expect(read.links).toEqual(['https://docs.acme.test/guide/setup.html#env']);
    const md = toPageMarkdown(read.tree, (url) => (url.startsWith('https://docs.acme.test/guide/setup.html') ? './setup.md#env' : null));
    expect(md).toBe(
      [
        'Run `acme init`, then read [the setup](./setup.md#env).',
        '',
        '![Screenshot](https://docs.acme.test/guide/img/shot.png)',
        '',
        '| OS    | Command |',
        '| ----- | ------- |',
        '| Linux | apt     |',
        '',
      ].join('\n'),
    );
    expect(md).not.toMatch(/Acme|Legal|alert/);
  });

  it('falls back to <title>, then to the URL; without <main> the body counts, minus its chrome', () => {
    expect(readHtmlPage(page('<p>Hi</p>'), 'https://x.test/a').title).toBe('Install – Acme Docs');
    const bare = readHtmlPage(page('<nav>Menu</nav><p>Body <a href="mailto:a@b.c">mail</a></p>', ''), 'https://x.test/docs/getting_started.html');
    expect(bare.title).toBe('getting started');
    expect(toPageMarkdown(bare.tree, () => null)).toBe('Body [mail](mailto:a@b.c)\n');
  });

  it('resolves links against <base href>', () => {
    const read = readHtmlPage(page('<main><a href="x">X</a></main>', '<base href="https://x.test/root/">'), 'https://x.test/deep/page');
    expect(read.links).toEqual(['https://x.test/root/x']);
  });
});
