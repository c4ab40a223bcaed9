import fc from 'fast-check';
import { expectMatchesSchema } from '../../../../../test/support/reference-schema';
import { documentToMarkdown, markdownToDocument } from './document';
import { markdownArbitrary } from './testing/markdown-arbitraries';
import { documentArbitrary } from './testing/document-tree-arbitraries';

/**
 * The round trip as properties (the corpus of real files is test/unit/markdown-corpus.spec.ts):
 * - over generated documents, every construct nested as the reference allows: document →
 *   markdown → document is the identity (so the markdown is stable as well);
 * - over generated markdown, well-formed or not: reading never throws, gives a document the
 *   reference JSONDocument schema accepts, and markdown → document → markdown is stable after
 *   one normalisation.
 */
const toMarkdown = (doc: unknown) => documentToMarkdown(doc, 'document');

describe('markdown ⇄ document round trip', () => {
  it('document → markdown → document gives the same document', () => {
    fc.assert(
      fc.property(documentArbitrary, (doc) => {
        const markdown = toMarkdown(doc);
        const back = markdownToDocument(markdown);
        if (JSON.stringify(back) !== JSON.stringify(doc)) expect({ markdown, back }).toEqual({ markdown, back: doc });
      }),
      { numRuns: 400 },
    );
  });

  it('markdown → document → markdown is stable after one normalisation', () => {
    fc.assert(
      fc.property(markdownArbitrary, (markdown) => {
        const once = toMarkdown(markdownToDocument(markdown));
        expect({ markdown, twice: toMarkdown(markdownToDocument(once)) }).toEqual({ markdown, twice: once });
      }),
      { numRuns: 600 },
    );
  });

  it('documents read from markdown and generated ones validate against the reference JSONDocument', () => {
    fc.assert(
      fc.property(markdownArbitrary, documentArbitrary, (markdown, doc) => {
        expectMatchesSchema('JSONDocument', markdownToDocument(markdown));
        expectMatchesSchema('JSONDocument', doc);
      }),
      { numRuns: 150 },
    );
  });
});
