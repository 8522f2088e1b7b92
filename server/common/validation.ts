import { HttpStatus, UnprocessableEntityException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { getMetadataStorage, type ValidatorOptions } from 'class-validator';

function collect(errors: ValidationError[], prefix = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) out[field] = Object.values(e.constraints);
    if (e.children?.length) collect(e.children, field, out);
  }
  return out;
}

const PARTIAL_BODY = Symbol('partial body');

/**
 * A body of many optional fields of which a request sends a few (a partial save of the record). Each such field's
 * rules are in a validation group named after the field, and the rules of the fields every body has are `always`: the
 * pipe checks those and the fields sent, instead of going through every declared field in turn (class-validator's way:
 * for the record's 110 fields, most of a save's validation). A field sent that the class does not declare is refused
 * as in any other body. Only for flat bodies: a nested class's rules would be filtered by the outer body's fields.
 */
export function PartialBody(): ClassDecorator {
  return (target) => Reflect.defineMetadata(PARTIAL_BODY, true, target);
}

/** The validation groups a @PartialBody() class declares (its fields' names), worked out once a class. */
const declaredGroups = new WeakMap<object, Set<string>>();
function groupsOf(target: object): Set<string> {
  let groups = declaredGroups.get(target);
  if (!groups) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(target as new () => object, '', true, false);
    groups = new Set(rules.flatMap((rule) => rule.groups ?? []));
    declaredGroups.set(target, groups);
  }
  return groups;
}

/** Nest's ValidationPipe, which checks of a @PartialBody() class the fields sent (and its `always` ones). */
class PortalValidationPipe extends ValidationPipe {
  protected override validate(object: object, options?: ValidatorOptions) {
    if (Reflect.getMetadata(PARTIAL_BODY, object.constructor) !== true) return super.validate(object, options);
    // The fields sent that the class declares (any other is refused by the whitelist, whatever the groups).
    const declared = groupsOf(object.constructor);
    const sent = Object.keys(object).filter(
      (key) => declared.has(key) && (object as Record<string, unknown>)[key] !== undefined,
    );
    // No group at all would mean every rule: a body with none of the fields still has its `always` rules checked.
    return super.validate(object, { ...options, groups: sent.length > 0 ? sent : ['(none sent)'] });
  }
}

/** 422 { message, errors: { field: [messages] } } — the shape the web maps onto form fields. */
export function createValidationPipe(): ValidationPipe {
  return new PortalValidationPipe({
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
