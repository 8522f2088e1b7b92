import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OperationObject, ResponseObject } from '@nestjs/swagger';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiReference, buildApiReference, impliedStatuses, OPENAPI_FILE, serialise } from './openapi-document.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

let reference: ApiReference;
const operations: Array<{ name: string; op: OperationObject }> = [];

beforeAll(async () => {
  reference = await buildApiReference();
  for (const [route, item] of Object.entries(reference.document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push({ name: `${method.toUpperCase()} ${route}`, op });
    }
  }
});

describe('the API reference (docs/openapi.json)', () => {
  it('is up to date with the code: run `npm run openapi` after changing a route, a DTO or a response shape', () => {
    const committed = readFileSync(path.resolve(OPENAPI_FILE), 'utf8').split('\n');
    const generated = serialise(reference.document).split('\n');
    const line = generated.findIndex((text, i) => text !== committed[i]);
    const where = line < 0 ? committed.length : line;
    // The first line that differs, rather than a diff of the whole document.
    expect(
      line < 0 && committed.length === generated.length,
      `${OPENAPI_FILE} is out of date from line ${where + 1} (${generated[where]?.trim()}): run npm run openapi`,
    ).toBe(true);
  });

  it('describes every route of every controller, once', () => {
    expect(reference.routes.length).toBeGreaterThan(70);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(reference.routes.map((r) => r.operationId).sort());
  });

  it('gives every route a summary and a success answer, and every error answer the one error shape', () => {
    const problems: string[] = [];
    for (const { name, op } of operations) {
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      const statuses = Object.keys(op.responses);
      if (!statuses.some((s) => /^2\d\d$/.test(s))) problems.push(`${name}: no 2xx answer`);
      for (const status of statuses) {
        const response = op.responses[status] as ResponseObject;
        if (!response.description?.trim()) problems.push(`${name}: ${status} has no description`);
        if (/^[45]\d\d$/.test(status) && !response.content?.['application/json']?.schema)
          problems.push(`${name}: ${status} has no body shape`);
        if (/^2\d\d$/.test(status) && status !== '204' && !response.content)
          problems.push(`${name}: ${status} does not say what it answers`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists the statuses each route's guard implies: 401 signed in, 403 role-limited or state-changing", () => {
    const byId = new Map(operations.map(({ name, op }) => [op.operationId, { name, op }]));
    const problems: string[] = [];
    for (const route of reference.routes) {
      const { name, op } = byId.get(route.operationId)!;
      const statuses = new Set(Object.keys(op.responses));
      const expected = new Set(impliedStatuses(route).keys());
      if (!route.isPublic) expected.add(401);
      if (!route.isPublic && route.roles.length < 3) expected.add(403);
      if (route.unsafe) expected.add(403);
      for (const status of expected) if (!statuses.has(String(status))) problems.push(`${name}: no ${status}`);
      const extensions = op as OperationObject & Record<string, unknown>;
      if (route.isPublic) {
        if (extensions['x-public'] !== true) problems.push(`${name}: not marked x-public`);
      } else {
        if (JSON.stringify(extensions['x-roles']) !== JSON.stringify(route.roles)) problems.push(`${name}: x-roles`);
        if (!op.security?.some((s) => 'session' in s)) problems.push(`${name}: no session requirement`);
      }
      if (route.unsafe && !op.security?.some((s) => 'csrf' in s)) problems.push(`${name}: no CSRF requirement`);
      if (!op.description?.includes('Who may call it')) problems.push(`${name}: does not say who may call it`);
    }
    expect(problems).toEqual([]);
  });

  it('resolves every schema it points at', () => {
    const schemas = reference.document.components?.schemas ?? {};
    const missing = [...serialise(reference.document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)]
      .map((m) => m[1])
      .filter((name) => !(name in schemas));
    expect([...new Set(missing)]).toEqual([]);
  });
});
