import { BadRequest, isPlainObject } from '@app/platform';
import { includedId, mapIncludes, splitAtIncludes } from './reusable-content';

/**
 * Reusable contents in the rich-text document shape: an include line of a page body is a
 * `reusable-content` block (reference DocumentBlockReusableContent) and back. The markdown
 * mapping itself is the markdown module's (`markdownToDocument`, `documentToMarkdown`, passed in):
 * bodies are cut at their include lines and each run converted on its own, so whatever that
 * module makes of a `{% … %}` tag it does not know, an include is always its own block.
 */
export interface JsonDocumentLike {
  object: 'document';
  nodes: unknown[];
}

export const reusableBlock = (id: string) => ({
  object: 'block' as const,
  type: 'reusable-content' as const,
  isVoid: true as const,
  data: { ref: { kind: 'reusable-content' as const, reusableContent: id } },
});

/** The document of a body: its markdown runs converted, its include lines as reusable-content blocks. */
export function bodyToDocument<D extends JsonDocumentLike>(body: string, toDocument: (markdown: string) => D): D {
  const parts = splitAtIncludes(body);
  if (!parts.some((p) => 'include' in p)) return toDocument(body);
  const first = toDocument('');
  const nodes = parts.flatMap((p) => {
    if ('markdown' in p) return toDocument(p.markdown).nodes;
    const id = includedId(p.include);
    // A tag naming no stored reusable content (written by hand) stays visible as text.
    return id ? [reusableBlock(id)] : toDocument(includeTextOf(p.include)).nodes;
  });
  return { ...first, nodes };
}

const includeTextOf = (target: string) => `{% include "${target}" %}`;

/**
 * The document's reusable-content blocks replaced by the documents they reference (one level:
 * included contents keep their own blocks); blocks of unknown contents stay as they are.
 */
export function dereferenceDocument<D extends JsonDocumentLike>(doc: D, documentOf: (id: string) => JsonDocumentLike | undefined): D {
  const nodes = doc.nodes.flatMap((n) => {
    const id = blockId(n);
    const included = id === null ? undefined : documentOf(id);
    return included ? included.nodes : [n];
  });
  return { ...doc, nodes };
}

/** The page markdown with its include lines replaced by the bodies they include (one level). */
export const dereferenceMarkdown = (markdown: string, bodyOf: (id: string) => string | undefined): string =>
  mapIncludes(markdown, (target) => {
    const id = includedId(target);
    return id === null ? null : (bodyOf(id) ?? null);
  });

function blockId(node: unknown): string | null {
  if (!isPlainObject(node) || node.type !== 'reusable-content' || !isPlainObject(node.data) || !isPlainObject(node.data.ref)) return null;
  const id = node.data.ref.reusableContent;
  return typeof id === 'string' ? id : null;
}

/** Text no one writes as a whole paragraph, safe from markdown escaping (letters and digits only). */
const PLACEHOLDER = (i: number) => `x0reusable0content0placeholder0${i}x`;

/**
 * The markdown of a written document whose top-level nodes may include reusable-content blocks
 * (`data.ref.reusableContent`: an id, or the ref of one inserted by the same batch): each becomes
 * an include line. The rest goes through `toMarkdown`, whose errors keep naming the right node.
 */
export function documentWithIncludesToMarkdown(doc: unknown, field: string, toMarkdown: (doc: unknown, field: string) => string): string {
  if (!isPlainObject(doc) || !Array.isArray(doc.nodes)) return toMarkdown(doc, field);
  const targets: string[] = [];
  const nodes = (doc.nodes as unknown[]).map((n, i) => {
    if (!isPlainObject(n) || n.type !== 'reusable-content') return n;
    const ref = isPlainObject(n.data) ? n.data.ref : undefined;
    const at = `${field}.nodes[${i}].data.ref`;
    if (!isPlainObject(ref) || ref.kind !== 'reusable-content') throw new BadRequest(`${at}.kind: must be "reusable-content"`);
    const id = ref.reusableContent;
    if (typeof id !== 'string' || !id || /["\n\r]/.test(id))
      throw new BadRequest(`${at}.reusableContent: must be a reusable content id (or the ref of one in this batch)`);
    if (ref.space !== undefined) throw new BadRequest(`${at}.space: reusable contents of other spaces are not supported; include one of this space`);
    targets.push(includeTextOf(id)); // the batch resolves it: a ref of this batch, or an id
    return { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: PLACEHOLDER(targets.length - 1), marks: [] }] }] };
  });
  const markdown = toMarkdown({ ...doc, nodes }, field);
  return targets.reduce((md, line, i) => md.replace(new RegExp(`^${PLACEHOLDER(i)}$`, 'm'), line), markdown);
}
