import { Role } from '@app/platform';

/** The reference StorageUploadKind: what a file is uploaded for. */
export const UPLOAD_KINDS = ['customization_font', 'import_file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

interface KindPolicy {
  /** Media types a file of this kind may be declared and sent with. */
  types: readonly string[];
  /** The organization role needed to ask for an upload URL of this kind. */
  role: Role;
  what: string;
}

/**
 * Fonts are WOFF2 or WOFF (the reference FontSource formats), uploaded by the admins who manage
 * custom fonts; imports (documents, archives, OpenAPI specifications) by members who create content.
 * `application/octet-stream` stands for browsers that cannot name a file's type.
 */
export const KIND_POLICY: Record<UploadKind, KindPolicy> = {
  customization_font: {
    types: ['font/woff2', 'font/woff', 'application/font-woff2', 'application/font-woff', 'application/x-font-woff', 'application/octet-stream'],
    role: 'admin',
    what: 'Uploading a custom font',
  },
  import_file: {
    types: [
      'application/json',
      'application/yaml',
      'application/x-yaml',
      'text/yaml',
      'text/x-yaml',
      'text/plain',
      'text/markdown',
      'text/x-markdown',
      'text/html',
      'application/zip',
      'application/x-zip-compressed',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/octet-stream',
    ],
    role: 'create',
    what: 'Uploading a file to import',
  },
};

export const isUploadKind = (v: unknown): v is UploadKind => typeof v === 'string' && (UPLOAD_KINDS as readonly string[]).includes(v);

/** A media type without its parameters, lower case (`Font/WOFF2; x=y` → `font/woff2`). */
export const mediaTypeOf = (header: string | undefined | null): string => (header ?? '').split(';')[0].trim().toLowerCase();

export const typeAllowed = (kind: UploadKind, type: string): boolean => KIND_POLICY[kind].types.includes(mediaTypeOf(type));

/**
 * The last segment of a storage key, from the file's original name: letters, digits and `._-`
 * only (anything else becomes `-`), no leading dot, at most 100 characters, `file` if nothing is left.
 */
export function safeFileName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const base = ascii.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100);
  return cleaned.replace(/^[.-]+/, '') || 'file';
}
