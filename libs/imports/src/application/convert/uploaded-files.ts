import { unzipSync } from 'fflate';
import { readHtmlPage } from './html-page';
import { readMarkdownFile } from './markdown-file';
import { SourceDocument } from './source-document';

export interface UploadedFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

export interface ImportLimits {
  /** Most pages one run writes (IMPORT_MAX_PAGES). */
  maxPages: number;
  /** Most bytes one run reads: downloaded, or uploaded after unpacking (IMPORT_MAX_BYTES). */
  maxBytes: number;
}

/** Why a source cannot be imported, in words for the run's `reason` (the run fails). */
export class ImportFailed extends Error {}

type Kind = 'markdown' | 'html' | 'zip';
const kindOf = (name: string, contentType: string, bytes: Uint8Array): Kind | null => {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  if (/\.(md|markdown)$/i.test(name) || /^text\/(x-)?markdown/.test(contentType)) return 'markdown';
  if (/\.html?$/i.test(name) || /^text\/html/.test(contentType)) return 'html';
  if (/\.txt$/i.test(name) || /^text\/plain/.test(contentType)) return 'markdown';
  return null;
};
const entryKind = (name: string): 'markdown' | 'html' | null => (/\.(md|markdown)$/i.test(name) ? 'markdown' : /\.html?$/i.test(name) ? 'html' : null);

/** Archive entries in reading order: by folder, a folder's README or index first. */
const order = (a: string, b: string) => {
  const rank = (p: string) => p.split('/').map((s, i, all) => (i === all.length - 1 && /^(readme|index)\./i.test(s) ? ` ${s}` : s));
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
};

function read(kind: 'markdown' | 'html', text: string, sourceURL: string, base: string, name: string): SourceDocument {
  if (kind === 'markdown') return readMarkdownFile(text, sourceURL, base, name);
  const page = readHtmlPage(text, base);
  return { sourceURL, base, title: page.title, body: { kind: 'tree', tree: page.tree } };
}

/**
 * Uploaded files as documents: markdown and HTML files, and zip archives of them (other
 * entries are skipped). Links between the documents resolve through `file:///upload/<name>`
 * for a file and `file:///upload/<archive>/<path>` inside an archive, so relative links between
 * uploaded files (`./setup.md`, `../index.html`) find each other. Limits are checked before
 * anything is unpacked, from the archive's own directory.
 */
export function readUploads(files: UploadedFile[], limits: ImportLimits): { documents: SourceDocument[]; bytes: number } {
  const documents: SourceDocument[] = [];
  let bytes = 0;
  const count = (n: number, what: string) => {
    bytes += n;
    if (bytes > limits.maxBytes) throw new ImportFailed(`${what} takes the import past ${limits.maxBytes} bytes (IMPORT_MAX_BYTES)`);
  };
  const add = (doc: SourceDocument) => {
    documents.push(doc);
    if (documents.length > limits.maxPages) throw new ImportFailed(`the files hold more than ${limits.maxPages} pages (IMPORT_MAX_PAGES)`);
  };
  for (const [i, file] of files.entries()) {
    const name = file.key.split('/').pop()!;
    const kind = kindOf(name, file.contentType, file.bytes);
    if (!kind) throw new ImportFailed(`source.files[${i}]: ${name} is not markdown, HTML or a zip archive of them`);
    if (kind !== 'zip') {
      count(file.bytes.length, `source.files[${i}] (${name})`);
      add(read(kind, file.bytes.toString('utf8'), file.key, `file:///upload/${encodeURIComponent(name)}`, name));
      continue;
    }
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(file.bytes, {
        filter: (f) => {
          if (f.name.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(f.name) || !entryKind(f.name)) return false;
          count(f.originalSize, `${f.name} in source.files[${i}] (${name})`);
          return true;
        },
      });
    } catch (e) {
      if (e instanceof ImportFailed) throw e;
      throw new ImportFailed(`source.files[${i}]: ${name} is not a readable zip archive (${(e as Error).message})`);
    }
    for (const path of Object.keys(entries).sort(order)) {
      const base = `file:///upload/${encodeURIComponent(name)}/${path.split('/').map(encodeURIComponent).join('/')}`;
      add(read(entryKind(path)!, Buffer.from(entries[path]).toString('utf8'), `${file.key}/${path}`, base, path.split('/').pop()!));
    }
  }
  return { documents, bytes };
}
