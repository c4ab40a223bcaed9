import type { Root } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { ANCHOR_PATTERN } from './heading-slugs';

/** Classes the reader handlers emit; any other class is dropped. */
const CLASSES =
  /^(?:hint|hint-(?:info|success|warning|danger)|tabs|tabs-item|embed|embed-link|file|file-link|content-ref|content-ref-link|code-block|line-numbers|wrap)$/;
const CODE_CLASSES = /^(?:language-[\w+#.-]+|math-inline|math-display)$/;
const id = ['id', ANCHOR_PATTERN] as [string, RegExp];

/**
 * What may reach a reader's browser: the elements and attributes the markdown constructs and the
 * reader handlers produce, nothing else. Written out rather than derived from GitHub's default
 * schema so a review sees the whole list. Raw HTML in markdown never becomes markup (the reader
 * tree shows it as code), so this is the second line: scripts, styles, frames, event handlers,
 * inline styles and `javascript:`/`data:` URLs are dropped whatever produced them.
 *
 * Ids are not prefixed (GitHub's `user-content-` clobber prefix) so that `#anchor` links work
 * without script; they are limited to letters, digits and `_.+-`, which is what headings and
 * footnotes produce.
 */
export const READER_SCHEMA: Schema = {
  tagNames: [
    'a',
    'blockquote',
    'br',
    'code',
    'del',
    'details',
    'div',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'img',
    'input',
    'li',
    'ol',
    'p',
    'pre',
    'section',
    'span',
    'strong',
    'sup',
    'summary',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'ul',
  ],
  attributes: {
    a: ['href', 'title', 'ariaDescribedBy', 'ariaLabel', 'dataFootnoteRef', 'dataFootnoteBackref', id, ['className', CLASSES, 'data-footnote-backref']],
    code: [['className', CODE_CLASSES]],
    details: ['open', ['className', CLASSES]],
    div: [
      ['className', CLASSES],
      ['role', 'note'],
    ],
    figure: [['className', CLASSES]],
    h1: [id],
    h2: [id, ['className', 'sr-only']],
    h3: [id],
    h4: [id],
    h5: [id],
    h6: [id],
    img: ['src', 'alt', 'title'],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    li: [id, ['className', 'task-list-item']],
    ol: ['start', ['className', 'contains-task-list']],
    section: ['dataFootnotes', ['className', 'footnotes']],
    td: ['align'],
    th: ['align'],
    ul: [['className', 'contains-task-list']],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tr: ['table'] },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  clobber: [],
  clobberPrefix: '',
  // Dropped with their content (other unknown elements are unwrapped: their text stays).
  strip: ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math'],
};

export const sanitizeReaderHtml = (tree: Root): Root => sanitize(tree, READER_SCHEMA) as Root;
