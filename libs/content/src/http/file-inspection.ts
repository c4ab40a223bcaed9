import { fileTypeFromBuffer } from 'file-type/core';
import { imageDimensions } from './image-dimensions';

/**
 * What a file is, from its bytes first: `file-type` reads the signature of some 150 binary
 * formats, so a PNG declared as `image/jpeg` (or as `application/octet-stream`) is stored and
 * served as `image/png`. Text formats have no signature (SVG, HTML, CSV, markdown…): the
 * declared type stands. A generic container the bytes reveal (`application/xml`,
 * `application/zip`) does not replace a declared type built on it (`image/svg+xml`,
 * `application/epub+zip`).
 */
export interface FileFacts {
  contentType: string;
  dimensions?: { width: number; height: number };
}

const CONTAINERS: Record<string, (declared: string) => boolean> = {
  'application/xml': (d) => /\+xml$|^text\/xml$/.test(d),
  'application/zip': (d) => /\+zip$/.test(d),
};

export async function contentTypeOf(bytes: Uint8Array, declared: string): Promise<string> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  const base = declared.split(';')[0].trim().toLowerCase();
  if (!detected || detected === base || CONTAINERS[detected]?.(base)) return declared;
  return detected;
}

export async function inspectFile(bytes: Uint8Array, declared: string): Promise<FileFacts> {
  const contentType = await contentTypeOf(bytes, declared);
  const dimensions = contentType.startsWith('image/') ? imageDimensions(bytes) : undefined;
  return { contentType, ...(dimensions ? { dimensions } : {}) };
}
