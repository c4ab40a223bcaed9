import { BadRequest, check } from '@app/platform';
import { ContentChange, NewFile } from '../domain/content-batch';
import { documentToMarkdown } from '../domain/markdown/document';
import { PAGE_FIELDS, PageFields } from '../domain/page';
import { hashBytes } from '../application/storage/revision-store';
import { imageDimensions } from './image-dimensions';

/**
 * Shape checks for POST …/content (reference 0.202 `updateChangeRequestContent`): field types
 * and limits, each error naming `changes[i].<field>`. Rules that depend on the content (pages
 * exist, slugs are free…) are the domain's.
 */
export const MAX_CHANGES = 50;
const MAX_FILES = 20;
const MAX_FILE_BYTES = 1024 * 1024;

export interface ParsedChanges {
  changes: ContentChange[];
  blobs: Map<string, string>;
}

function fields(c: Record<string, unknown>, at: string): PageFields {
  const out: PageFields = {};
  for (const f of PAGE_FIELDS) {
    if (!(f in c)) continue;
    if (f === 'hidden' || f === 'noIndex' || f === 'noRobotsIndex') {
      if (typeof c[f] !== 'boolean') throw new BadRequest(`${at}.${f}: must be a boolean`);
      out[f] = c[f] as boolean;
    } else {
      out[f] = check.string(`${at}.${f}`, c[f], f === 'slug' ? { max: 100 } : f === 'emoji' || f === 'icon' ? { max: 50 } : f === 'title' ? { min: 1 } : {});
    }
  }
  return out;
}

/** The document of a change as markdown: `{markdown}`, `{document}` (converted) or `{}` (empty). */
function markdownOf(v: unknown, at: string): string {
  const d = check.object(at, v);
  const keys = Object.keys(d);
  if (keys.length === 0) return '';
  if (keys.length > 1) throw new BadRequest(`${at}: must have exactly one of markdown or document`);
  if ('markdown' in d) return check.string(`${at}.markdown`, d.markdown, { max: 1_000_000 });
  if ('document' in d) return documentToMarkdown(d.document, `${at}.document`);
  throw new BadRequest(`${at}.${keys[0]}: unknown field (expected markdown or document)`);
}

function index(v: unknown, at: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new BadRequest(`${at}: must be an integer >= 0`);
  return v;
}

function file(v: unknown, at: string, blobs: Map<string, string>): NewFile {
  const f = check.object(at, v);
  check.onlyKeys(at, f, ['ref', 'name', 'contentType', 'url', 'base64']);
  const name = check.string(`${at}.name`, f.name, { min: 1, max: 256 });
  const ref = 'ref' in f ? check.string(`${at}.ref`, f.ref, { min: 1 }) : undefined;
  if ('url' in f && 'base64' in f) throw new BadRequest(`${at}: set exactly one of url or base64`);
  if ('url' in f) {
    check.url(`${at}.url`, f.url);
    throw new BadRequest(`${at}.url: this server does not fetch remote files; send the bytes with base64 (and contentType)`);
  }
  if (!('base64' in f)) throw new BadRequest(`${at}: set exactly one of url or base64`);
  const b64 = check.string(`${at}.base64`, f.base64);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new BadRequest(`${at}.base64: must be base64-encoded bytes`);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw new BadRequest(`${at}.base64: must decode to at most 1MB (got ${bytes.length} bytes)`);
  if (!('contentType' in f)) throw new BadRequest(`${at}.contentType: is required with base64`);
  const contentType = check.string(`${at}.contentType`, f.contentType, { pattern: /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/ });
  const canonical = bytes.toString('base64');
  const blob = hashBytes(canonical);
  blobs.set(blob, canonical);
  const dimensions = contentType.startsWith('image/') ? imageDimensions(bytes) : undefined;
  return { ...(ref !== undefined ? { ref } : {}), name, contentType, size: bytes.length, blob, ...(dimensions ? { dimensions } : {}) };
}

export function parseContentChanges(body: unknown): ParsedChanges {
  const b = check.object('body', body ?? {});
  check.onlyKeys('body', b, ['changes']);
  if (!Array.isArray(b.changes)) throw new BadRequest('changes: must be an array');
  if (b.changes.length < 1 || b.changes.length > MAX_CHANGES) throw new BadRequest(`changes: must contain between 1 and ${MAX_CHANGES} changes`);
  const blobs = new Map<string, string>();
  const changes = b.changes.map((raw, i): ContentChange => {
    const at = `changes[${i}]`;
    const c = check.object(at, raw);
    const op = check.oneOf(`${at}.operation`, c.operation, ['insert_page', 'update_page', 'delete_page', 'revert_page', 'insert_files'] as const);
    switch (op) {
      case 'insert_page':
        check.onlyKeys(at, c, ['operation', 'document', 'into', 'at', 'ref', ...PAGE_FIELDS]);
        if (!('document' in c)) throw new BadRequest(`${at}.document: is required`);
        return {
          operation: op, fields: fields(c, at), markdown: markdownOf(c.document, `${at}.document`),
          ...('into' in c ? { into: check.string(`${at}.into`, c.into, { min: 1 }) } : {}),
          ...('at' in c ? { at: index(c.at, `${at}.at`) } : {}),
          ...('ref' in c ? { ref: check.string(`${at}.ref`, c.ref, { min: 1 }) } : {}),
        };
      case 'update_page':
        check.onlyKeys(at, c, ['operation', 'page', 'document', 'into', 'at', ...PAGE_FIELDS]);
        return {
          operation: op, page: check.string(`${at}.page`, c.page, { min: 1 }), fields: fields(c, at),
          ...('document' in c ? { markdown: markdownOf(c.document, `${at}.document`) } : {}),
          ...('into' in c ? { into: c.into === null ? null : check.string(`${at}.into`, c.into, { min: 1 }) } : {}),
          ...('at' in c ? { at: index(c.at, `${at}.at`) } : {}),
        };
      case 'delete_page':
        check.onlyKeys(at, c, ['operation', 'page']);
        return { operation: op, page: check.string(`${at}.page`, c.page, { min: 1 }) };
      case 'revert_page':
        throw new BadRequest(`${at}.operation: revert_page is not supported by this server; write the earlier content with update_page`);
      case 'insert_files': {
        check.onlyKeys(at, c, ['operation', 'files']);
        if (!Array.isArray(c.files) || c.files.length < 1 || c.files.length > MAX_FILES) throw new BadRequest(`${at}.files: must be an array of 1 to ${MAX_FILES} files`);
        return { operation: op, files: c.files.map((f, j) => file(f, `${at}.files[${j}]`, blobs)) };
      }
    }
  });
  return { changes, blobs };
}
