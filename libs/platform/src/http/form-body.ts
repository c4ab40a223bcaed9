import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { BadRequest, DomainError } from '../ddd/errors';
import { PayloadTooLarge, UnsupportedMediaType } from './http-errors';
import { inputProblem } from './input-checks';

const FORM_BODY = 'platform:form-body';
const FORM = 'application/x-www-form-urlencoded';

/**
 * A route that also takes an HTML form body (`application/x-www-form-urlencoded`): the SAML
 * HTTP-POST binding is a browser posting a form, which no JSON body can stand in for. jsonBody
 * leaves such a body unread (it records a 415 for every other route), InputGuard lets it through
 * on these routes only, and the handler reads it with `readFormBody`.
 */
export const AcceptsFormBody = () => SetMetadata(FORM_BODY, true);

const isForm = (req: Request) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === FORM;

/** Whether the body error jsonBody recorded is only that the body is a form, on a route that takes forms. */
export function formBodyAllowed(reflector: Reflector, ctx: ExecutionContext, req: Request, recorded: DomainError): boolean {
  if (!(recorded instanceof UnsupportedMediaType) || !isForm(req)) return false;
  return !!reflector.getAllAndOverride<boolean>(FORM_BODY, [ctx.getHandler(), ctx.getClass()]);
}

/**
 * The form fields of the request (each given once), or null when the body is not a form (a JSON
 * body was already parsed into req.body). Over `limitBytes` answers 413; invalid UTF-8, a field
 * given twice, NUL characters or unpaired surrogates answer 400, naming the field.
 */
export async function readFormBody(req: Request, limitBytes: number): Promise<Record<string, string> | null> {
  if (!isForm(req)) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new PayloadTooLarge(`body: must not be larger than ${limitBytes} bytes`);
    chunks.push(chunk);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BadRequest('body: not valid UTF-8');
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(text)) {
    if (key in fields) throw new BadRequest(`body.${key.slice(0, 100)}: given more than once`);
    fields[key] = value;
  }
  const problem = inputProblem(fields, { maxDepth: 2, reservedKeys: true });
  if (problem) throw new BadRequest(problem);
  return { ...fields };
}
