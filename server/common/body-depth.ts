import type { NextFunction, Request, Response } from 'express';

/**
 * The deepest JSON body accepted. The routes take flat objects or one level of nesting (an array of
 * objects, an object of arrays); 8 leaves room without letting a deeply nested body reach
 * class-transformer, whose recursion overflows the stack (a 500) long before validation can refuse it.
 */
export const MAX_BODY_DEPTH = 8;

/**
 * Names no field of the API has: those of Object.prototype (`__proto__`, `constructor`, `toString`, `valueOf`, …).
 * JSON.parse makes them plain own properties, and an object whose `toString` or `valueOf` is not a function throws
 * "Cannot convert object to primitive value" wherever anything turns it into text or a number (String(), a
 * template string, Number(), class-transformer's @Type): a 500 on whichever route met it first.
 */
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** How deeply a parsed body nests, counted without recursion; stops counting past `limit`. */
export function bodyDepth(body: unknown, limit = MAX_BODY_DEPTH): number {
  return inspectBody(body, limit).depth;
}

/** The body's depth (up to just past `limit`) and the first key of Object.prototype's it uses, if any. */
export function inspectBody(body: unknown, limit = MAX_BODY_DEPTH): { depth: number; reservedKey?: string } {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return { depth: deepest };
    for (const key of Object.keys(value)) {
      if (RESERVED_KEYS.has(key)) return { depth: deepest, reservedKey: key };
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return { depth: deepest };
}

/**
 * Refuses, with 400 in the API's error shape and for every route, a body nested deeper than MAX_BODY_DEPTH or
 * using a key of Object.prototype's at any depth (see RESERVED_KEYS), before any guard, pipe or service reads it.
 */
export function limitBodyDepth(req: Request, res: Response, next: NextFunction): void {
  const { depth, reservedKey } = inspectBody(req.body);
  if (depth > MAX_BODY_DEPTH) {
    res.status(400).json({ statusCode: 400, message: 'The request is nested too deeply.' });
    return;
  }
  if (reservedKey !== undefined) {
    res
      .status(400)
      .json({ statusCode: 400, message: `The request has a field named "${reservedKey}", which is not accepted.` });
    return;
  }
  next();
}
