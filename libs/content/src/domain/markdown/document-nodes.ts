/**
 * The rich-text document shape of the reference (`JSONDocument` in @gitbook/api 0.146.0): node
 * type names and data fields are the reference's. Fields marked "extension" are not in the
 * reference (its data objects allow them) and carry what markdown says that the reference does
 * not model, so that markdown → document → markdown keeps it.
 */
export type Mark = 'bold' | 'italic' | 'code' | 'strikethrough';
/** Canonical order of marks on a leaf (and the nesting order when written as markdown, code innermost). */
export const MARKS: readonly Mark[] = ['bold', 'italic', 'strikethrough', 'code'];

export interface Leaf {
  object: 'leaf';
  text: string;
  marks: { object: 'mark'; type: Mark }[];
}
export interface TextNode {
  object: 'text';
  leaves: Leaf[];
}

export type ContentRef =
  { kind: 'page'; page: string } | { kind: 'file'; file: string } | { kind: 'anchor'; anchor: string; page?: string } | { kind: 'url'; url: string };
/** Images point at a file of the space or at a URL. */
export type ImageRef = Extract<ContentRef, { kind: 'file' | 'url' }>;

/** A named rich-text part of a node: a table cell, an image caption, an expandable's title and body, an annotation's body. */
export interface Fragment {
  object: 'fragment';
  fragment: string;
  type?: string;
  nodes: BlockNode[];
}

export type InlineType = 'link' | 'inline-image' | 'inline-math' | 'annotation';
export interface InlineData {
  /** link (any ref), inline-image (file or url). */
  ref?: ContentRef;
  /** inline-image. */
  alt?: string;
  caption?: string;
  /** link, inline-image: the markdown title (`[a](b "title")`). Extension. */
  title?: string;
  /** inline-math. */
  formula?: string;
}
export interface InlineNode {
  object: 'inline';
  key?: string;
  type: InlineType;
  isVoid: boolean;
  data: InlineData;
  /** link: its text (and images); annotation: the annotated text (a footnote's label). */
  nodes?: (TextNode | InlineNode)[];
  /** annotation: one `annotation-body` fragment (a footnote's text). */
  fragments?: Fragment[];
}

export type HintStyle = 'info' | 'success' | 'warning' | 'danger';
export type ColumnAlignment = 'left' | 'center' | 'right';
export interface TableDefinition {
  id: string;
  title: string;
  type: 'text';
  textAlignment: ColumnAlignment;
}
export interface TableRecord {
  orderIndex: string;
  /** Definition id → id of the fragment holding the cell's content. */
  values: Record<string, string>;
}

/** The data of every block type, all optional; which fields a type uses is noted per field. */
export interface BlockData {
  /** heading-1/2/3: anchor id (`## Title <a href="#id" id="id"></a>`). */
  id?: string;
  /** list-ordered. */
  start?: number;
  /** list-item in list-tasks. */
  checked?: boolean;
  /** code: language, `{% code title="…" lineNumbers="true" overflow="wrap" fullWidth="true" %}`. */
  syntax?: string;
  /** code: its title; image: the markdown image title (`![a](b "title")`, extension); tabs-item: the tab's title. */
  title?: string;
  lineNumbers?: boolean;
  overflow?: 'scroll' | 'wrap';
  fullWidth?: boolean;
  /** hint. */
  style?: HintStyle;
  /** math. */
  formula?: string;
  /** embed. */
  url?: string;
  /** image (ref file or url), file (ref file), content-ref (any ref). */
  ref?: ContentRef;
  /** image. */
  alt?: string;
  /** table: grid view (column order), records (rows, by orderIndex), definition (columns). */
  view?: { type: 'grid'; columns: string[]; hideHeader: boolean };
  records?: Record<string, TableRecord>;
  definition?: Record<string, TableDefinition>;
}

export type BlockType =
  | 'paragraph'
  | 'heading-1'
  | 'heading-2'
  | 'heading-3'
  | 'list-unordered'
  | 'list-ordered'
  | 'list-tasks'
  | 'list-item'
  | 'blockquote'
  | 'code'
  | 'code-line'
  | 'hint'
  | 'tabs'
  | 'tabs-item'
  | 'table'
  | 'images'
  | 'image'
  | 'embed'
  | 'math'
  | 'file'
  | 'divider'
  | 'content-ref'
  | 'expandable';

export interface BlockNode {
  object: 'block';
  key?: string;
  type: BlockType;
  isVoid: boolean;
  data?: BlockData;
  nodes?: (BlockNode | TextNode | InlineNode)[];
  /** table (cells), image (caption), expandable (title and body). */
  fragments?: Fragment[];
}

export interface JsonDocument {
  object: 'document';
  data: { schemaVersion: 1 };
  nodes: BlockNode[];
}
