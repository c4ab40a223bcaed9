import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

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

/** Unknown fields and wrong types answer 400 naming the field and the rule. */
export const validationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
