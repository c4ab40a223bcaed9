import { ArgumentMetadata, BadRequestException, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens class-validator errors into "field.path: rule" messages. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    // Array items are named as in JSON paths elsewhere: `emails[0]`, not `emails.0`.
    const field = !parent ? e.property : /^\d+$/.test(e.property) ? `${parent}[${e.property}]` : `${parent}.${e.property}`;
    for (const [rule, text] of Object.entries(e.constraints ?? {})) {
      // An unknown key of the body itself is named as the body's (`body.colour`), as README documents.
      if (rule === 'whitelistValidation') out.push(`${parent ? field : `body.${field}`}: unknown field`);
      // A custom rule that names a nested path itself (`emails[0].role: …`, validators.ts).
      else if (text.startsWith(e.property) && /^[.[:]/.test(text.slice(e.property.length))) out.push(`${field}${text.slice(e.property.length)} (${rule})`);
      else out.push(`${field}: ${text.startsWith(e.property + ' ') ? text.slice(e.property.length + 1) : text} (${rule})`);
    }
    if (e.children?.length) out.push(...describeValidationErrors(e.children, field));
  }
  return out;
}

const classValidation = (forbidUnknown: boolean) =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: forbidUnknown,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });

const NOT_DTOS: unknown[] = [String, Boolean, Number, Array, Object, Buffer, Date];
const isDtoClass = (metatype: unknown) => typeof metatype === 'function' && !NOT_DTOS.includes(metatype);

/**
 * Wrong types answer 400 naming the field and the rule. Unknown fields answer 400 in bodies
 * (a misspelt field must not be silently dropped from a write), but are ignored (stripped) in
 * query strings: caches and clients add parameters such as `_=<timestamp>`, and the reference
 * service ignores them.
 */
export class AppValidationPipe implements PipeTransform {
  private readonly strict = classValidation(true);
  private readonly lenient = classValidation(false);
  transform(value: unknown, metadata: ArgumentMetadata) {
    // A DTO-typed body must be a JSON object: an array or a scalar would otherwise be read as
    // an object with no fields (and pass when every field is optional).
    if (
      metadata.type === 'body' &&
      !metadata.data &&
      isDtoClass(metadata.metatype) &&
      value !== undefined &&
      value !== null &&
      (typeof value !== 'object' || Array.isArray(value))
    ) {
      throw new BadRequestException('body: must be a JSON object');
    }
    return (metadata.type === 'query' ? this.lenient : this.strict).transform(value, metadata);
  }
}

export const validationPipe = () => new AppValidationPipe();
