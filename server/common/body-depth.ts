import type { NextFunction, Request, Response } from 'express';

/**
 * The deepest JSON body accepted. The routes take flat objects or one level of nesting (an array of
 * objects, an object of arrays); 8 leaves room without letting a deeply nested body reach
 * class-transformer, whose recursion overflows the stack (a 500) long before validation can refuse it.
 */
export const MAX_BODY_DEPTH = 8;

/** How deeply a parsed body nests, counted without recursion; stops counting past `limit`. */
export function bodyDepth(body: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** Refuses a body nested deeper than MAX_BODY_DEPTH with 400, in the API's error shape, for every route. */
export function limitBodyDepth(req: Request, res: Response, next: NextFunction): void {
  if (bodyDepth(req.body) > MAX_BODY_DEPTH) {
    res.status(400).json({ statusCode: 400, message: 'The request is nested too deeply.' });
    return;
  }
  next();
}
