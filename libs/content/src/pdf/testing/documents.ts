/**
 * Builders of rich-text documents in the reference shape (JSONDocument of @gitbook/api 0.146),
 * for renderer tests that must not wait for the markdown converter to produce every node type.
 */
type Mark = 'bold' | 'italic' | 'code' | 'strikethrough';

export const text = (value: string, ...marks: Mark[]) => ({
  object: 'text' as const,
  leaves: [{ object: 'leaf' as const, text: value, marks: marks.map((type) => ({ object: 'mark' as const, type })) }],
});
type Inline = ReturnType<typeof text> | Record<string, unknown>;
const inlines = (content: (Inline | string)[]) => content.map((c) => (typeof c === 'string' ? text(c) : c));

export const p = (...content: (Inline | string)[]) => ({ object: 'block', type: 'paragraph', isVoid: false, nodes: inlines(content) });
export const h = (level: 1 | 2 | 3, value: string, id?: string) => ({
  object: 'block',
  type: `heading-${level}`,
  isVoid: false,
  data: id ? { id } : {},
  nodes: [text(value)],
});
export const link = (ref: Record<string, unknown>, ...content: (Inline | string)[]) => ({
  object: 'inline',
  type: 'link',
  isVoid: false,
  data: { ref },
  nodes: inlines(content),
});
export const item = (...nodes: unknown[]) => ({ object: 'block', type: 'list-item', isVoid: false, nodes });
export const task = (checked: boolean, ...nodes: unknown[]) => ({ object: 'block', type: 'list-item', isVoid: false, data: { checked }, nodes });
export const ul = (...items: unknown[]) => ({ object: 'block', type: 'list-unordered', isVoid: false, nodes: items });
export const ol = (start: number, ...items: unknown[]) => ({ object: 'block', type: 'list-ordered', isVoid: false, data: { start }, nodes: items });
export const tasks = (...items: unknown[]) => ({ object: 'block', type: 'list-tasks', isVoid: false, nodes: items });
export const quote = (...nodes: unknown[]) => ({ object: 'block', type: 'blockquote', isVoid: false, nodes });
export const hint = (style: 'info' | 'success' | 'warning' | 'danger', ...nodes: unknown[]) => ({
  object: 'block',
  type: 'hint',
  isVoid: false,
  data: { style },
  nodes,
});
export const code = (lines: string[], data: Record<string, unknown> = {}) => ({
  object: 'block',
  type: 'code',
  isVoid: false,
  data,
  nodes: lines.map((l) => ({ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text(l)] })),
});
export const image = (ref: Record<string, unknown>, caption?: string, alt?: string) => ({
  object: 'block',
  type: 'image',
  isVoid: true,
  data: { ref, ...(alt ? { alt } : {}) },
  fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [p(caption)] }] : [],
});
export const images = (...nodes: unknown[]) => ({ object: 'block', type: 'images', isVoid: false, data: {}, nodes });
export const divider = () => ({ object: 'block', type: 'divider', isVoid: true, data: {} });
export const math = (formula: string) => ({ object: 'block', type: 'math', isVoid: true, data: { formula } });
export const inlineMath = (formula: string) => ({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula } });
export const embed = (url: string) => ({ object: 'block', type: 'embed', isVoid: true, data: { url } });
export const file = (id: string) => ({ object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: id } } });
export const contentRef = (ref: Record<string, unknown>) => ({ object: 'block', type: 'content-ref', isVoid: true, data: { ref } });
export const tabs = (...items: [string, ...unknown[]][]) => ({
  object: 'block',
  type: 'tabs',
  isVoid: false,
  nodes: items.map(([title, ...nodes]) => ({ object: 'block', type: 'tabs-item', isVoid: false, data: { title }, nodes })),
});
export const expandable = (title: string, ...body: unknown[]) => ({
  object: 'block',
  type: 'expandable',
  isVoid: true,
  data: {},
  fragments: [
    { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [p(title)] },
    { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
  ],
});

/** A table in the reference shape: text cells name fragments holding a paragraph each. */
export function table(header: string[], rows: string[][], opts: { align?: ('left' | 'center' | 'right')[]; hideHeader?: boolean } = {}) {
  const columns = header.map((_, i) => `c${i}`);
  const fragments = rows.flatMap((row, r) => row.map((cell, c) => ({ object: 'fragment', fragment: `r${r}c${c}`, nodes: [p(cell)] })));
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: {
      view: { type: 'grid', columns, hideHeader: !!opts.hideHeader },
      definition: Object.fromEntries(header.map((title, i) => [columns[i], { id: columns[i], type: 'text', title, textAlignment: opts.align?.[i] ?? 'left' }])),
      records: Object.fromEntries(
        rows.map((row, r) => [
          `row${r}`,
          { orderIndex: `a${String(r).padStart(4, '0')}`, values: Object.fromEntries(row.map((_, c) => [columns[c], `r${r}c${c}`])) },
        ]),
      ),
    },
    fragments,
  };
}

export const doc = (...nodes: unknown[]) => ({ object: 'document', data: { schemaVersion: 1 }, nodes });
