import { BadRequest } from '@app/platform';
import type { FootnoteDefinition, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { tableToMdast } from './document-tables';
import { FootnoteBody, phrasing, PhrasingState, plainOf } from './document-to-mdast.inline';
import { codeToMdast, fragmentNodes, html, imagesToMdast, refToTarget, tag } from './document-to-mdast.blocks';
import { escapeHtml, HEADING_ID, headingAnchorHtml } from './html-snippets';
import { checkDepth, isRecord, optionalArray, optionalString, prop, requiredArray, requiredString } from './untrusted-json';

/**
 * Reference document (untrusted JSON) → mdast, the inverse of mdast-to-document: GitBook's tags
 * for hint, tabs, code attributes, embed, file and content-ref, `<details>` for expandables,
 * `<figure>` for captioned images, footnotes for annotations. Anything else is a 400 naming
 * the node.
 */
const SUPPORTED =
  'paragraph, heading-1/2/3, list-unordered/ordered/tasks, list-item, blockquote, code, hint, tabs, table, images, image, embed, math, file, divider, content-ref, expandable';
const HINT_STYLES = ['info', 'success', 'warning', 'danger'];

class Writer implements PhrasingState {
  readonly footnotes: FootnoteDefinition[] = [];

  target = refToTarget;

  footnote(label: string, body: unknown, field: string, depth: number): string {
    const children = this.flow(body, field, depth) as FootnoteBody;
    const base = label.replace(/[\s[\]\\^]+/g, '-').replace(/^-+|-+$/g, '') || 'note';
    const same = JSON.stringify(children);
    for (let n = 1; ; n++) {
      const identifier = n === 1 ? base : `${base}-${n}`;
      const existing = this.footnotes.find((d) => d.identifier.toLowerCase() === identifier.toLowerCase());
      if (existing && JSON.stringify(existing.children) !== same) continue;
      if (!existing) this.footnotes.push({ type: 'footnoteDefinition', identifier, label: identifier, children });
      return identifier;
    }
  }

  private inline(node: unknown, field: string, depth: number): PhrasingContent[] {
    return phrasing(prop(node, 'nodes') ?? [], field, this, depth);
  }

  flow(nodes: unknown, field: string, depth: number): RootContent[] {
    checkDepth(depth, field);
    return requiredArray(nodes, `${field}.nodes`).flatMap((n, i) => this.block(n, `${field}.nodes[${i}]`, depth + 1));
  }

  private block(n: unknown, f: string, depth: number): RootContent[] {
    if (prop(n, 'object') !== 'block') throw new BadRequest(`${f}: must be a block`);
    const type = prop(n, 'type');
    const data = prop(n, 'data');
    switch (type) {
      case 'paragraph': {
        const children = this.inline(n, f, depth);
        return children.length ? [{ type: 'paragraph', children }] : [];
      }
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const id = prop(data, 'id');
        const anchor: PhrasingContent[] =
          typeof id === 'string' && HEADING_ID.test(id)
            ? [
                { type: 'text', value: ' ' },
                { type: 'html', value: headingAnchorHtml(id) },
              ]
            : [];
        return [{ type: 'heading', depth: Number(type.slice(-1)) as 1 | 2 | 3, children: [...this.inline(n, f, depth), ...anchor] }];
      }
      case 'list-unordered':
      case 'list-ordered':
      case 'list-tasks':
        return this.list(n, type, f, depth);
      case 'blockquote':
        return [{ type: 'blockquote', children: this.flow(prop(n, 'nodes') ?? [], f, depth) as never }];
      case 'code':
        return codeToMdast(n, f);
      case 'table': {
        const table = tableToMdast(n, f, (nodes, field) => phrasing(nodes, field, this, depth + 1), refToTarget);
        return table ? [table] : [];
      }
      case 'math': {
        const formula = optionalString(prop(data, 'formula'), `${f}.data.formula`) ?? '';
        return formula.trim() ? [{ type: 'math', value: formula }] : [];
      }
      case 'divider':
        return [{ type: 'thematicBreak' }];
      default:
        return this.gitbookBlock(n, type, f, depth);
    }
  }

  /** The blocks GitBook's markdown writes as tags or HTML. */
  private gitbookBlock(n: unknown, type: unknown, f: string, depth: number): RootContent[] {
    const data = prop(n, 'data');
    switch (type) {
      case 'hint': {
        const style = prop(data, 'style');
        return [
          tag('hint', { style: HINT_STYLES.includes(style as string) ? (style as string) : 'info' }),
          ...this.flow(prop(n, 'nodes') ?? [], f, depth),
          tag('endhint'),
        ];
      }
      case 'tabs':
        return [
          tag('tabs'),
          ...optionalArray(prop(n, 'nodes'), `${f}.nodes`).flatMap((item, j) => {
            const title = optionalString(prop(prop(item, 'data'), 'title'), `${f}.nodes[${j}].data.title`) ?? '';
            return [tag('tab', { title }), ...this.flow(prop(item, 'nodes') ?? [], `${f}.nodes[${j}]`, depth + 1), tag('endtab')];
          }),
          tag('endtabs'),
        ];
      case 'images':
        return imagesToMdast(optionalArray(prop(n, 'nodes'), `${f}.nodes`).map((img, j) => [img, `${f}.nodes[${j}]`]));
      case 'image':
        return imagesToMdast([[n, f]]);
      case 'embed':
        return [tag('embed', { url: requiredString(prop(data, 'url'), `${f}.data.url`) })];
      case 'file':
        return [tag('file', { src: refToTarget(prop(data, 'ref'), f) })];
      case 'content-ref': {
        const url = refToTarget(prop(data, 'ref'), f);
        const link: RootContent = { type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: url }] }] };
        return [tag('content-ref', { url }), link, tag('endcontent-ref')];
      }
      case 'expandable': {
        const [title] = fragmentNodes(n, 'expandable-title', f);
        const [body, bf] = fragmentNodes(n, 'expandable-body', f);
        const summary = escapeHtml(plainOf(Array.isArray(title) ? title : []));
        return [html(`<details>\n<summary>${summary}</summary>`), ...this.flow(body, bf, depth), html('</details>')];
      }
      default:
        throw new BadRequest(`${f}.type: unsupported block type ${JSON.stringify(type)} (supported: ${SUPPORTED})`);
    }
  }

  private list(n: unknown, type: string, f: string, depth: number): RootContent[] {
    const start = prop(prop(n, 'data'), 'start');
    const items = optionalArray(prop(n, 'nodes'), `${f}.nodes`).flatMap((item, j): ListItem[] => {
      const itemField = `${f}.nodes[${j}]`;
      const body = prop(item, 'type') === 'list-item' ? this.flow(prop(item, 'nodes') ?? [], itemField, depth + 1) : this.block(item, itemField, depth + 1);
      const checked = type === 'list-tasks' ? prop(prop(item, 'data'), 'checked') === true : null;
      // Empty items are dropped, as when reading markdown (mdast-to-document.ts).
      const empty = body.every((b) => b.type === 'paragraph' && b.children.every((c) => c.type === 'text' && c.value === ''));
      return empty ? [] : [{ type: 'listItem', spread: false, checked, children: body as ListItem['children'] }];
    });
    if (!items.length) return [];
    const ordered = type === 'list-ordered';
    return [
      {
        type: 'list',
        ordered,
        spread: false,
        ...(ordered && Number.isInteger(start) && (start as number) >= 0 ? { start: start as number } : {}),
        children: items,
      },
    ];
  }
}

/** mdast of a reference document; 400 naming the node for anything it cannot read. */
export function documentToMdast(doc: unknown, field: string): Root {
  if (!isRecord(doc) || doc.object !== 'document') throw new BadRequest(`${field}.object: must be "document"`);
  const writer = new Writer();
  const children = writer.flow(doc.nodes, field, 0);
  return { type: 'root', children: [...children, ...writer.footnotes] };
}
