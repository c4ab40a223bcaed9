import * as fs from 'fs';
import * as path from 'path';
import { documentToMarkdown, markdownToDocument } from '../../libs/content/src/domain/markdown/document';
import { expectMatchesSchema } from '../support/reference-schema';

/**
 * The round trip over a corpus no one here wrote: every `*.md` file (READMEs, changelogs, docs)
 * under node_modules. Reading never throws, documents validate against the reference
 * JSONDocument (a sample, see VALIDATE_EVERY), and markdown → document → markdown is stable after one normalisation. Files with
 * identical text (the same package vendored twice) are read once. The figures are printed for
 * the README.
 */
const root = path.resolve(__dirname, '..', '..', 'node_modules');
/** Below this the corpus is not "hundreds of real files" and the figures would mean little. */
const MIN_FILES = 300;
/**
 * Validating against the reference schema is slow on large documents (Ajv tries every branch of
 * the reference's nested oneOfs), so a sample is validated: one distinct file in VALIDATE_EVERY
 * among those under VALIDATE_MAX_BYTES. The property tests validate every generated document.
 */
const VALIDATE_EVERY = 8;
const VALIDATE_MAX_BYTES = 16_000;
/** Every file is stable today; the margin keeps a new odd file in a dependency from failing the build unnoticed by the figures. */
const MIN_STABLE_RATE = 0.99;

function markdownFiles(): string[] {
  const entries = fs.readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.md$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

describe('markdown corpus (node_modules)', () => {
  it('reads every file, validates the documents and is stable after one normalisation', () => {
    const files = markdownFiles();
    const texts = new Map<string, string>();
    const seen = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (!seen.has(text)) texts.set(file, text);
      seen.add(text);
    }
    const unstable: string[] = [];
    let bytes = 0;
    let validated = 0;
    for (const [file, text] of texts) {
      bytes += text.length;
      const doc = markdownToDocument(text);
      if (text.length < VALIDATE_MAX_BYTES && validated++ % VALIDATE_EVERY === 0) expectMatchesSchema('JSONDocument', doc, path.relative(root, file));
      const once = documentToMarkdown(doc, 'document');
      const again = markdownToDocument(once);
      // Equal documents write equal markdown; only when they differ is the markdown compared.
      if (JSON.stringify(again) !== JSON.stringify(doc) && documentToMarkdown(again, 'document') !== once) unstable.push(path.relative(root, file));
    }
    const rate = (texts.size - unstable.length) / texts.size;
    validated = Math.ceil(validated / VALIDATE_EVERY);
    console.log(
      `markdown corpus: ${files.length} files (${texts.size} distinct, ${(bytes / 1e6).toFixed(1)} MB); ` +
        `stable after one normalisation: ${texts.size - unstable.length}/${texts.size} (${(rate * 100).toFixed(1)}%); ${validated} validated against JSONDocument` +
        (unstable.length ? `; unstable: ${unstable.join(', ')}` : ''),
    );
    expect(files.length).toBeGreaterThanOrEqual(MIN_FILES);
    expect(rate).toBeGreaterThanOrEqual(MIN_STABLE_RATE);
  });
});
