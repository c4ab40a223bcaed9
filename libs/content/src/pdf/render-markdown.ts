import { Block, plainText } from '../domain/markdown/ast';
import { parseBlocks } from '../domain/markdown/blocks';
import { PdfLine } from './pdf-writer';

/** Printable lines for one page: its title, then its markdown body block by block. */
export function pageLines(title: string, body: string, depth: number): PdfLine[] {
  return [{ text: title, font: 'bold', size: depth === 0 ? 20 : 16, gap: 18 }, ...blocks(parseBlocks(body), 0)];
}

const HEADING_SIZE = { 1: 15, 2: 13, 3: 12 } as const;

function blocks(list: Block[], indent: number): PdfLine[] {
  return list.flatMap((b): PdfLine[] => {
    switch (b.t) {
      case 'heading':
        return [{ text: plainText(b.inlines), font: 'bold', size: HEADING_SIZE[b.level], indent, gap: 8 }];
      case 'paragraph':
        return plainText(b.inlines)
          .split('\n')
          .map((text, i) => ({ text, font: 'regular', size: 11, indent, gap: i === 0 ? 5 : 0 }));
      case 'code':
        return b.lines.map((text, i) => ({ text: text.replace(/\t/g, '    ') || ' ', font: 'mono', size: 9.5, indent: indent + 12, gap: i === 0 ? 5 : 0 }));
      case 'quote':
        return blocks(b.blocks, indent + 18);
      case 'divider':
        return [{ text: '', font: 'regular', size: 11, indent, gap: 4, rule: true }];
      case 'list':
        return b.items.flatMap((item, i) => {
          const marker = b.tasks ? (item.checked ? '[x]' : '[ ]') : b.ordered ? `${(b.start ?? 1) + i}.` : '•';
          const inner = blocks(item.blocks, indent + 18);
          if (inner[0] && !inner[0].rule) inner[0] = { ...inner[0], text: `${marker} ${inner[0].text}`, indent, gap: 2 };
          return inner;
        });
    }
  });
}
