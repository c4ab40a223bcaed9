import type { Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { visit } from 'unist-util-visit';

/**
 * A converted page as markdown, its links to other imported pages rewritten by `rewrite`
 * (absolute URL → the new page's link, or null to keep the URL as it is). GFM for tables,
 * strikethrough and task lists, which HTML pages carry as such.
 */
export function toPageMarkdown(tree: Root, rewrite: (url: string) => string | null): string {
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      const to = rewrite(node.url);
      if (to !== null) node.url = to;
    }
  });
  return toMarkdown(tree, { extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', rule: '-', fences: true }).trim() + '\n';
}
