/** A small markdown syntax tree: the subset this server reads, renders as documents and prints. */
export type Mark = 'bold' | 'italic' | 'code' | 'strikethrough';
export type Inline =
  { t: 'text'; text: string; marks: Mark[] } | { t: 'link'; target: string; children: Inline[] } | { t: 'image'; target: string; alt: string };
export interface ListItem {
  checked?: boolean;
  blocks: Block[];
}
export type Block =
  | { t: 'heading'; level: 1 | 2 | 3; inlines: Inline[] }
  | { t: 'paragraph'; inlines: Inline[] }
  | { t: 'list'; ordered: boolean; tasks: boolean; start?: number; items: ListItem[] }
  | { t: 'code'; syntax?: string; lines: string[] }
  | { t: 'quote'; blocks: Block[] }
  | { t: 'divider' };

/** Plain text of inlines (for headings in PDFs, link labels). */
export const plainText = (inlines: Inline[]): string => inlines.map((i) => (i.t === 'text' ? i.text : i.t === 'link' ? plainText(i.children) : i.alt)).join('');
