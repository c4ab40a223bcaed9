import { blobKeyProblem, httpUrlProblem, isPlainObject, Satisfies, unknownKeyProblem } from '@app/platform';
import { ImportSource, ImportTarget } from '../domain/import-run.events';

/** Most uploaded files in one run. */
export const MAX_FILES = 100;

const idProblem = (v: unknown, field: string) =>
  typeof v === 'string' && v.length > 0 && v.length <= 100 ? null : `${field}: must be an id (1 to 100 characters)`;

/** The reference ContentImportSource: `{type: 'website', url}` or `{type: 'file', files: [storage keys]}`. */
export function sourceProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {type: "website", url} or {type: "file", files}`;
  if (v.type === 'website') return unknownKeyProblem(v, ['type', 'url'], field) ?? httpUrlProblem(v.url, `${field}.url`);
  if (v.type !== 'file') return `${field}.type: must be "website" or "file"`;
  const extra = unknownKeyProblem(v, ['type', 'files'], field);
  if (extra) return extra;
  if (!Array.isArray(v.files) || v.files.length === 0 || v.files.length > MAX_FILES)
    return `${field}.files: must be an array of 1 to ${MAX_FILES} storage keys`;
  for (const [i, key] of v.files.entries()) {
    const problem = blobKeyProblem(key, `${field}.files[${i}]`);
    if (problem) return problem;
    if (v.files.indexOf(key) !== i) return `${field}.files[${i}]: the same key is already given at files[${v.files.indexOf(key)}]`;
  }
  return null;
}

/** The reference ContentImportTarget: `{space, changeRequest?, page?}`. */
export function targetProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object {space, changeRequest?, page?}`;
  return (
    unknownKeyProblem(v, ['space', 'changeRequest', 'page'], field) ??
    idProblem(v.space, `${field}.space`) ??
    (v.changeRequest === undefined ? null : idProblem(v.changeRequest, `${field}.changeRequest`)) ??
    (v.page === undefined ? null : idProblem(v.page, `${field}.page`))
  );
}

/** startImportRun. */
export class StartImportRunBody {
  @Satisfies('isContentImportSource', sourceProblem) source!: ImportSource;
  @Satisfies('isContentImportTarget', targetProblem) target!: ImportTarget;
}
