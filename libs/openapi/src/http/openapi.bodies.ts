import { IsIn } from 'class-validator';
import { blobKeyProblem, isPlainObject, Satisfies } from '@app/platform';
import type { SourceInput } from '../application/commands/spec.commands';
import type { SpecVisibility } from '../domain/openapi-spec.events';
import { slugProblem, sourceUrlProblem } from '../domain/spec-rules';

const VARIANTS = ['url', 'text', 'storageKey'];

/**
 * The reference OpenAPISpecSource, one of `{url}` or `{text}`, plus `{storageKey}`: a file
 * uploaded through generateStorageUploadURL (kind `import_file`), as fonts name theirs.
 */
export function sourceProblem(v: unknown, field: string): string | null {
  if (!isPlainObject(v)) return `${field}: must be an object, one of {url}, {text} or {storageKey}`;
  const extra = Object.keys(v).find((k) => !VARIANTS.includes(k));
  if (extra !== undefined) return `${field}.${extra}: unknown field (a source is one of {url}, {text} or {storageKey})`;
  const given = VARIANTS.filter((k) => k in v);
  if (given.length !== 1) return `${field}: must have exactly one of url, text or storageKey`;
  const [kind] = given;
  if (kind === 'url') return sourceUrlProblem(v.url, `${field}.url`);
  if (kind === 'text') return typeof v.text === 'string' && v.text.length > 0 ? null : `${field}.text: must be a non-empty string`;
  return blobKeyProblem(v.storageKey, `${field}.storageKey`);
}

const IsSpecSource = () => Satisfies('isSpecSource', sourceProblem);

/** createOpenAPISpec. */
export class CreateSpecBody {
  @Satisfies('isSpecSlug', slugProblem) slug!: string;
  @IsSpecSource() source!: SourceInput;
}

/** createOrUpdateOpenAPISpecBySlug. */
export class PutSpecBody {
  @IsSpecSource() source!: SourceInput;
}

/** updateOpenAPISpecBySlug. */
export class PatchSpecBody {
  @IsIn(['private', 'public']) visibility!: SpecVisibility;
}
