import { HttpStatus, UnprocessableEntityException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';

function collect(errors: ValidationError[], prefix = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[field] = Object.values(e.constraints);
    if (e.children?.length) collect(e.children, field, out);
  }
  return out;
}

/** 422 { message, errors: { field: [messages] } } — the shape the web maps onto form fields. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    errorHttpStatusCode: HttpStatus.UNPROCESSABLE_ENTITY,
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const first = Object.values(fields)[0]?.[0] ?? 'Please correct the highlighted fields.';
      return new UnprocessableEntityException({ message: first, errors: fields });
    },
  });
}

/**
 * For a numeric field: a number stays as it is, and a string of digits (a query string's value) becomes its number.
 * Anything else is left for the field's validators to refuse. Unlike class-transformer's `@Type(() => Number)` it never
 * calls Number() on an object (which throws for one with its own toString, a 500) and never turns true into 1.
 */
export function ToNumber(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
  );
}
