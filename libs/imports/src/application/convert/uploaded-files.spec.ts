import { zipSync, strToU8 } from 'fflate';
import { planPages } from './page-plan';
import { ImportFailed, readUploads } from './uploaded-files';

const limits = { maxPages: 10, maxBytes: 100_000 };
const file = (key: string, text: string | Uint8Array, contentType = 'application/octet-stream') => ({
  key,
  bytes: Buffer.from(typeof text === 'string' ? strToU8(text) : text),
  contentType,
});

describe('uploaded files as pages', () => {
  it('reads markdown, HTML and a zip of them; links between them point to the new sibling pages', () => {
    const zip = zipSync({
      'guide/setup.md': strToU8('# Setup\n\nBack to [the intro](../README.md#top) or [FAQ](faq.html).\n\n`[not](a.md)`\n'),
      'README.md': strToU8('---\ntitle: Introduction\nslug: taken-away\ndescription: Hi\n---\nSee [setup](guide/setup.md).\n'),
      'guide/faq.html': strToU8('<html><head><title>FAQ</title></head><body><nav>x</nav><p>Ask <a href="setup.md">setup</a>.</p></body></html>'),
      'logo.png': new Uint8Array([1, 2, 3]),
      '__MACOSX/._README.md': strToU8('junk'),
    });
    const { documents, bytes } = readUploads(
      [
        file('orgs/o/import_file/a/notes.md', '# Notes\n\nSee [intro](https://elsewhere.test/x).\n', 'text/markdown'),
        file('orgs/o/import_file/b/docs.zip', zip),
      ],
      limits,
    );
    expect(documents.map((d) => [d.sourceURL, d.title])).toEqual([
      ['orgs/o/import_file/a/notes.md', 'Notes'],
      ['orgs/o/import_file/b/docs.zip/README.md', 'Introduction'],
      ['orgs/o/import_file/b/docs.zip/guide/faq.html', 'FAQ'],
      ['orgs/o/import_file/b/docs.zip/guide/setup.md', 'Setup'],
    ]);
    expect(bytes).toBeGreaterThan(100);
    const planned = planPages(documents, new Set(['notes']));
    expect(planned.map((p) => p.slug)).toEqual(['notes-2', 'introduction', 'faq', 'setup']);
    expect(planned[0].markdown).toContain('[intro](https://elsewhere.test/x)');
    expect(planned[1].markdown).toBe('---\ntitle: Introduction\ndescription: Hi\n---\nSee [setup](./setup.md).\n');
    expect(planned[2].markdown).toBe('Ask [setup](./setup.md).\n');
    expect(planned[3].markdown).toBe('# Setup\n\nBack to [the intro](./introduction.md#top) or [FAQ](./faq.md).\n\n`[not](a.md)`\n');
  });

  it('fails on files that are not documents, too many pages or too many bytes (before unpacking)', () => {
    expect(() => readUploads([file('k/a.pdf', '%PDF')], limits)).toThrow(
      new ImportFailed('source.files[0]: a.pdf is not markdown, HTML or a zip archive of them'),
    );
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}.md`, strToU8(`# P${i}`)]));
    expect(() => readUploads([file('k/many.zip', zipSync(many))], limits)).toThrow(/more than 10 pages \(IMPORT_MAX_PAGES\)/);
    const big = zipSync({ 'big.md': new Uint8Array(200_000).fill(65) });
    expect(big.length).toBeLessThan(5_000);
    expect(() => readUploads([file('k/big.zip', big)], limits)).toThrow(
      /big\.md in source\.files\[0\] \(big\.zip\) takes the import past 100000 bytes \(IMPORT_MAX_BYTES\)/,
    );
    expect(() => readUploads([file('k/bad.zip', Buffer.from('PK\x03\x04garbage'))], limits)).toThrow(/not a readable zip archive/);
  });
});
