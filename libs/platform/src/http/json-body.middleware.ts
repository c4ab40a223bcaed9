import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { BadRequest, DomainError } from '../ddd/errors';
import { PayloadTooLarge, UnsupportedMediaType } from './http-errors';
import { inputProblem } from './input-checks';
import { isRawUploadPath } from '../blobs/raw-upload-path';

const INPUT_ERROR = Symbol('platform:input-error');
type WithInputError = Request & { [INPUT_ERROR]?: DomainError };

/** The error a request's body was refused with, answered by InputGuard once the caller is known. */
export const recordedInputError = (req: Request): DomainError | undefined => (req as WithInputError)[INPUT_ERROR];

function record(req: Request, error: DomainError): void {
  (req as WithInputError)[INPUT_ERROR] ??= error;
  req.body = undefined;
}

/** A request carries a body when it says so; `Content-Length: 0` is no body. */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
const mediaType = (req: Request) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

function describe(err: { type?: string; status?: number; message?: string; charset?: string; encoding?: string }, limit: string): DomainError {
  switch (err.type) {
    case 'entity.too.large':
      return new PayloadTooLarge(`body: must not be larger than ${limit}`);
    case 'entity.parse.failed':
      return new BadRequest('body: not valid JSON (a JSON object or array is expected)');
    case 'charset.unsupported':
      return new UnsupportedMediaType(`Content-Type: charset "${err.charset}" is not supported; send utf-8`);
    case 'encoding.unsupported':
      return new UnsupportedMediaType(`Content-Encoding: "${err.encoding}" is not supported`);
  }
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
  return new DomainError(status, `body: could not be read (${err.message ?? 'malformed request'})`);
}

/**
 * Reads JSON bodies (every /v1 route takes JSON, or nothing). A body that is not
 * `application/json`, too large, malformed, nested too deep, or that carries NUL, unpaired
 * surrogates or prototype keys is not rejected here but recorded: InputGuard answers it after
 * the bearer guard, so a caller without a valid token learns nothing but 401 — not even
 * whether the route exists.
 */
export function jsonBody(opts: { limit: string; maxDepth: number }): RequestHandler {
  const parse = json({ limit: opts.limit, strict: true });
  return (req: Request, res: Response, next: NextFunction) => {
    // Signed upload URLs take the file's own bytes; their route reads and limits them.
    if (isRawUploadPath(req.path)) return next();
    if (hasBody(req) && mediaType(req) !== 'application/json') {
      record(req, new UnsupportedMediaType(`Content-Type: must be application/json for a request body (got ${mediaType(req) || 'none'})`));
      return next();
    }
    parse(req, res, (err?: unknown) => {
      if (err) record(req, describe(err, opts.limit));
      else if (req.body !== undefined) {
        const problem = inputProblem(req.body, { maxDepth: opts.maxDepth, reservedKeys: true });
        if (problem) record(req, new BadRequest(problem));
      }
      next();
    });
  };
}
