import { onFirstUse } from '@app/platform';
import { parseDocument } from 'yaml';
import { ProcessError, SpecFormat } from '../../domain/openapi-spec.events';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (onFirstUse)
const swaggerParser = onFirstUse(() => require('@apidevtools/swagger-parser') as typeof import('@apidevtools/swagger-parser'));

export type ParsedSpec = { ok: true; format: SpecFormat; document: Record<string, unknown> } | { ok: false; errors: ProcessError[] };

/** More than this many problems are summed up in a last entry. */
const MAX_ERRORS = 50;
const MAX_MESSAGE = 1000;
/** YAML anchors a document may expand (a few aliases can otherwise expand to gigabytes). */
const MAX_ALIASES = 1000;

/** A document that is neither JSON nor YAML: what is wrong with it. */
export class UnreadableDocument extends Error {
  constructor(readonly problems: ProcessError[]) {
    super(problems.map((p) => p.message).join('; '));
  }
}

const error = (code: string, message: string): ProcessError => ({
  code,
  message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
});

function capped(errors: ProcessError[]): ProcessError[] {
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS - 1), error(errors[MAX_ERRORS - 1].code, `…and ${errors.length - MAX_ERRORS + 1} more problems`)];
}

/**
 * Reads a document as JSON or YAML (whichever it is; JSON is tried first). Throws
 * UnreadableDocument (INVALID_SYNTAX problems) when it is neither. Used for processing and for serving the
 * content of versions that were valid when they were made.
 */
export function readDocument(bytes: Buffer): { format: SpecFormat; value: unknown } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableDocument([error('INVALID_SYNTAX', 'the document is not UTF-8 text')]);
  }
  try {
    return { format: 'json', value: JSON.parse(text) };
  } catch (jsonError) {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
    if (doc.errors.length === 0) return { format: 'yaml', value: doc.toJS({ maxAliasCount: MAX_ALIASES }) };
    // Say what was wrong in the format the document looks like.
    if (/^\s*[[{]/.test(text)) throw new UnreadableDocument([error('INVALID_SYNTAX', `not valid JSON: ${(jsonError as Error).message}`)]);
    throw new UnreadableDocument(capped(doc.errors.map((e) => error('INVALID_SYNTAX', `not valid YAML: ${e.message}`))));
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses and validates an OpenAPI 3.0/3.1 or Swagger 2.0 description with swagger-parser.
 * External `$ref`s are left as they are: resolving them would make the server read files of
 * its own disk or fetch URLs nobody checked.
 */
export async function parseSpec(bytes: Buffer): Promise<ParsedSpec> {
  let read: { format: SpecFormat; value: unknown };
  try {
    read = readDocument(bytes);
  } catch (e) {
    // Also the YAML alias bound (a ReferenceError of the yaml package).
    return { ok: false, errors: e instanceof UnreadableDocument ? e.problems : [error('INVALID_SYNTAX', (e as Error).message)] };
  }
  const doc = read.value;
  if (!isObject(doc) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string'))
    return {
      ok: false,
      errors: [error('NOT_AN_API_DESCRIPTION', 'the document is not an OpenAPI or Swagger description (it has no "openapi" or "swagger" version field)')],
    };
  try {
    await swaggerParser().validate(structuredClone(doc) as never, { resolve: { external: false } });
  } catch (e) {
    return { ok: false, errors: capped(validationErrors(e)) };
  }
  return { ok: true, format: read.format, document: doc };
}

interface AjvDetail {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function validationErrors(e: unknown): ProcessError[] {
  const err = e as Error & { details?: AjvDetail[] };
  if (Array.isArray(err.details) && err.details.length > 0)
    return err.details.map((d) => error('INVALID_SCHEMA', `#${d.instancePath ?? ''} ${d.message ?? 'is not valid'}${extra(d.params)}`));
  if (err.name === 'MissingPointerError' || err.name === 'InvalidPointerError') return [error('INVALID_REFERENCE', err.message)];
  if (/^Unsupported (OpenAPI|Swagger) version/.test(err.message ?? '')) return [error('UNSUPPORTED_VERSION', err.message)];
  const lines = String(err.message ?? e)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // "Validation failed. /paths/~1a/get has an invalid response code (x)": one problem per line.
  return (lines.length > 1 ? lines.slice(1) : lines).map((l) => error('INVALID_SPEC', l));
}

/** ajv's params worth a reader's eye (`additionalProperty`, `allowedValues`). */
function extra(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  if (typeof params.additionalProperty === 'string') return ` ("${params.additionalProperty}")`;
  if (Array.isArray(params.allowedValues)) return ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  return '';
}
