import { Type } from 'class-transformer';
import { Allow, ValidateIf, ValidateNested } from 'class-validator';
import { httpUrlProblem, IfPresent, IsRefused, isPlainObject, Satisfies } from '@app/platform';
import { ContentChange, NewFile } from '../domain/content-batch';
import { documentToMarkdown } from '../domain/markdown/document';
import { PAGE_FIELDS, PageFields } from '../domain/page';
import { REUSABLE_OPERATIONS } from '../domain/reusable-content';
import { documentWithIncludesToMarkdown } from '../domain/reusable-content-document';
import { hashBytes } from '../application/storage/revision-store';
import { inspectFile } from './file-inspection';
import { arrayOfObjectsProblem, IsFlag, IsIndex, IsOneOf, IsText, Required, textProblem } from './content.validators';

/**
 * Body of POST …/content (reference 0.202 `updateChangeRequestContent`): field types and
 * limits, each error naming `changes[i].<field>`. Rules that depend on the content (pages
 * exist, slugs are free…) are the domain's (content-batch.ts).
 */
export const MAX_CHANGES = 50;
const MAX_FILES = 20;
const MAX_FILE_BYTES = 1024 * 1024;
// Extension: the reusable-content operations (the 0.202 reference has none to write them).
const OPERATIONS = ['insert_page', 'update_page', 'delete_page', 'revert_page', 'insert_files', ...REUSABLE_OPERATIONS] as const;

/** `{markdown}`, `{document}` (a rich-text document, converted) or `{}` (empty). */
function pageDocumentProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object`;
  const keys = Object.keys(v);
  if (keys.length > 1) return `${field}: must have exactly one of markdown or document`;
  if ('markdown' in v) return textProblem(v.markdown, `${field}.markdown`, { max: 1_000_000 });
  return keys.length && !('document' in v) ? `${field}.${keys[0]}: unknown field (expected markdown or document)` : null;
}
type PageDocument = { markdown?: string; document?: unknown };

/** Any change: its operation decides which DTO the item is read as. */
class ChangeInput {
  @IsOneOf(OPERATIONS) operation!: (typeof OPERATIONS)[number];
}

/** Page metadata a change may set (reference RevisionPageUpdate). */
class PageChangeInput extends ChangeInput {
  @IfPresent() @IsText({ min: 1 }) title?: string;
  @IfPresent() @IsText({ max: 100 }) slug?: string;
  @IfPresent() @IsText({ max: 50 }) emoji?: string;
  @IfPresent() @IsText({ max: 50 }) icon?: string;
  @IfPresent() @IsText() description?: string;
  @IfPresent() @IsFlag() hidden?: boolean;
  @IfPresent() @IsFlag() noIndex?: boolean;
  @IfPresent() @IsFlag() noRobotsIndex?: boolean;
  @IfPresent() @IsText() condition?: string;
}

class InsertPageInput extends PageChangeInput {
  @Required('isPageDocument', pageDocumentProblem) document!: PageDocument;
  @IfPresent() @IsText({ min: 1 }) into?: string;
  @IfPresent() @IsIndex() at?: number;
  @IfPresent() @IsText({ min: 1 }) ref?: string;
}

class UpdatePageInput extends PageChangeInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) page!: string;
  @IfPresent() @Satisfies('isPageDocument', pageDocumentProblem) document?: PageDocument;
  /** null moves the page to the top level. */
  @IfPresent() @Satisfies('isParent', (v, f) => (v === null ? null : textProblem(v, f, { min: 1 }))) into?: string | null;
  @IfPresent() @IsIndex() at?: number;
}

class DeletePageInput extends ChangeInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) page!: string;
}

/** Named by the reference, refused here (with what to do instead). */
class RevertPageInput extends ChangeInput {
  @IsRefused('revert_page is not supported by this server; write the earlier content with update_page') declare operation: 'revert_page';
  @Allow() page?: unknown;
  @Allow() revision?: unknown;
}

/** A file given by its bytes; a URL is refused (this server fetches nothing). */
class FileInput {
  @IfPresent() @IsText({ min: 1 }) ref?: string;
  @Required('isText', (v, f) => textProblem(v, f, { min: 1, max: 256 })) name!: string;
  @IfPresent()
  @Satisfies('isNotFetched', (v, f) => httpUrlProblem(v, f) ?? `${f}: this server does not fetch remote files; send the bytes with base64 (and contentType)`)
  url?: string;
  @ValidateIf((o: FileInput) => o.url === undefined) @Required('isBase64Bytes', base64Problem, ' (set exactly one of url or base64)') base64?: string;
  @ValidateIf((o: FileInput) => o.base64 !== undefined || o.contentType !== undefined)
  @Required('isText', (v, f) => textProblem(v, f, { pattern: /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/ }), ' with base64')
  contentType?: string;
}

function base64Problem(v: unknown, field: string): string | null {
  if (typeof v !== 'string') return `${field}: must be a string`;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(v) || v.length % 4 === 1) return `${field}: must be base64-encoded bytes`;
  const size = Buffer.byteLength(v, 'base64');
  return size > MAX_FILE_BYTES ? `${field}: must decode to at most 1MB (got ${size} bytes)` : null;
}

class InsertFilesInput extends ChangeInput {
  @Satisfies('isFiles', arrayOfObjectsProblem(1, MAX_FILES, `must be an array of 1 to ${MAX_FILES} files`))
  @ValidateNested({ each: true })
  @Type(() => FileInput)
  files!: FileInput[];
}

/** Extension: a reusable content, its title and body (markdown, or a document converted). */
class InsertReusableInput extends ChangeInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) title!: string;
  @Required('isPageDocument', pageDocumentProblem) document!: PageDocument;
  @IfPresent() @IsText({ min: 1 }) ref?: string;
}

class UpdateReusableInput extends ChangeInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) reusableContent!: string;
  @IfPresent() @IsText({ min: 1 }) title?: string;
  @IfPresent() @Satisfies('isPageDocument', pageDocumentProblem) document?: PageDocument;
}

class DeleteReusableInput extends ChangeInput {
  @Required('isText', (v, f) => textProblem(v, f, { min: 1 })) reusableContent!: string;
}

type ChangeItem =
  InsertPageInput | UpdatePageInput | DeletePageInput | RevertPageInput | InsertFilesInput | InsertReusableInput | UpdateReusableInput | DeleteReusableInput;

export class ContentChangesBody {
  @Satisfies('isChanges', (v, f) =>
    Array.isArray(v) ? arrayOfObjectsProblem(1, MAX_CHANGES, `must contain between 1 and ${MAX_CHANGES} changes`)(v, f) : `${f}: must be an array`,
  )
  @ValidateNested({ each: true })
  @Type(() => ChangeInput, {
    keepDiscriminatorProperty: true,
    discriminator: {
      property: 'operation',
      subTypes: [
        { name: 'insert_page', value: InsertPageInput },
        { name: 'update_page', value: UpdatePageInput },
        { name: 'delete_page', value: DeletePageInput },
        { name: 'revert_page', value: RevertPageInput },
        { name: 'insert_files', value: InsertFilesInput },
        { name: 'insert_reusable_content', value: InsertReusableInput },
        { name: 'update_reusable_content', value: UpdateReusableInput },
        { name: 'delete_reusable_content', value: DeleteReusableInput },
      ],
    },
  })
  changes!: ChangeItem[];
}

export interface ParsedChanges {
  changes: ContentChange[];
  blobs: Map<string, string>;
}

const fieldsOf = (c: PageChangeInput): PageFields => Object.fromEntries(PAGE_FIELDS.filter((f) => c[f] !== undefined).map((f) => [f, c[f]]));

/**
 * The document as markdown; a rich-text document is converted (its errors name the node path),
 * its reusable-content blocks becoming include lines.
 */
const markdownOf = (d: PageDocument, at: string): string =>
  d.markdown !== undefined ? d.markdown : d.document !== undefined ? documentWithIncludesToMarkdown(d.document, `${at}.document`, documentToMarkdown) : '';

/** Decodes a file's bytes: its blob (by hash) joins the batch's blobs; its type and dimensions come from the bytes. */
async function fileOf(f: FileInput, blobs: Map<string, string>): Promise<NewFile> {
  const bytes = Buffer.from(f.base64!, 'base64');
  const canonical = bytes.toString('base64');
  const blob = hashBytes(canonical);
  blobs.set(blob, canonical);
  const { contentType, dimensions } = await inspectFile(bytes, f.contentType!);
  return {
    ...(f.ref !== undefined ? { ref: f.ref } : {}),
    name: f.name,
    contentType,
    size: bytes.length,
    blob,
    ...(dimensions ? { dimensions } : {}),
  };
}

/** The validated body as the domain's changes (and the file bytes they reference). */
export async function contentChangesOf(body: ContentChangesBody): Promise<ParsedChanges> {
  const blobs = new Map<string, string>();
  const files = new Map<InsertFilesInput, NewFile[]>();
  for (const c of body.changes) if (c instanceof InsertFilesInput) files.set(c, await Promise.all(c.files.map((f) => fileOf(f, blobs))));
  const changes = body.changes.map((c, i): ContentChange => {
    const at = `changes[${i}].document`;
    if (c instanceof InsertPageInput) {
      return {
        operation: 'insert_page',
        fields: fieldsOf(c),
        markdown: markdownOf(c.document, at),
        ...(c.into !== undefined ? { into: c.into } : {}),
        ...(c.at !== undefined ? { at: c.at } : {}),
        ...(c.ref !== undefined ? { ref: c.ref } : {}),
      };
    }
    if (c instanceof UpdatePageInput) {
      return {
        operation: 'update_page',
        page: c.page,
        fields: fieldsOf(c),
        ...(c.document !== undefined ? { markdown: markdownOf(c.document, at) } : {}),
        ...(c.into !== undefined ? { into: c.into } : {}),
        ...(c.at !== undefined ? { at: c.at } : {}),
      };
    }
    if (c instanceof DeletePageInput) return { operation: 'delete_page', page: c.page };
    if (c instanceof InsertFilesInput) return { operation: 'insert_files', files: files.get(c)! };
    if (c instanceof InsertReusableInput)
      return { operation: 'insert_reusable_content', title: c.title, markdown: markdownOf(c.document, at), ...(c.ref !== undefined ? { ref: c.ref } : {}) };
    if (c instanceof UpdateReusableInput) {
      return {
        operation: 'update_reusable_content',
        reusableContent: c.reusableContent,
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.document !== undefined ? { markdown: markdownOf(c.document, at) } : {}),
      };
    }
    if (c instanceof DeleteReusableInput) return { operation: 'delete_reusable_content', reusableContent: c.reusableContent };
    throw new Error(`unvalidated change ${i}`); // revert_page and unknown operations never pass validation
  });
  return { changes, blobs };
}
