import { ArgumentMetadata, BadRequestException, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens class-validator errors into "field.path: rule" messages. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    for (const [rule, text] of Object.entries(e.constraints ?? {})) {
      if (rule === 'whitelistValidation') out.push(`${field}: unknown field`);
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
    return (metadata.type === 'query' ? this.lenient : this.strict).transform(value, metadata);
  }
}

export const validationPipe = () => new AppValidationPipe();
