import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { Role } from '../../shared/api-types.js';
import { AppModule } from '../app.module.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../auth/sessions/csrf.js';
import { SESSION_COOKIE } from '../auth/sessions/session-cookie.js';
import { SignInThrottlerGuard } from '../auth/sign-in/sign-in-throttler.guard.js';
import { ApiErrorDto } from '../common/api-docs.js';
import { API_SCHEMAS } from '../common/api-schemas.js';
import {
  DURING_RESET_KEY,
  MFA_ENROLMENT_KEY,
  OWNER_KEY,
  type OwnerSource,
  PUBLIC_KEY,
  ROLES_KEY,
} from '../common/decorators.js';
import { loadConfig } from '../config/app-config.js';

/** The path parameters that name a student. */
const STUDENT_PARAMS = new Set(['studentId', 'userId']);
const ALL_ROLES: Role[] = ['student', 'guardian', 'admin'];
const ERROR_REF = { $ref: '#/components/schemas/ApiErrorDto' };

/** What the global guard and the request pipeline apply to one route, read from the metadata they read. */
export interface RouteAccess {
  operationId: string;
  method: string;
  isPublic: boolean;
  /** Who may call it: the route's @Roles(), or every role for any signed-in account; empty when public. */
  roles: Role[];
  owner: OwnerSource | null;
  duringReset: boolean;
  duringMfaEnrolment: boolean;
  signInThrottled: boolean;
  /** State-changing: the CSRF header is required. */
  unsafe: boolean;
  /** A @Body() or @Query() model class: the validation pipe answers 422 for it. */
  validated: boolean;
}

function metadata<T>(key: string, handler: object, controller: object): T | undefined {
  return (
    (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined)
  );
}

interface ControllerWrapper {
  metatype: Type<unknown> | null;
}
interface ModuleLike {
  controllers: Map<unknown, ControllerWrapper>;
}

/** Every route of the app's controllers, with what applies to it, keyed as the API reference names it. */
export function routeAccess(app: NestExpressApplication): RouteAccess[] {
  // The module graph as Nest's own scanner (and SwaggerModule) reads it; app.get() is not available in preview mode.
  const container = (app as unknown as { container: { getModules(): Map<string, ModuleLike> } }).container;
  const routes: RouteAccess[] = [];
  const seen = new Set<Type<unknown>>();
  for (const module of container.getModules().values()) {
    for (const { metatype: controller } of module.controllers.values()) {
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const proto = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = proto[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        routes.push(describeRoute(controller, key, handler, method));
      }
    }
  }
  return routes;
}

function describeRoute(controller: Type<unknown>, key: string, handler: object, method: RequestMethod): RouteAccess {
  const isPublic = metadata<boolean>(PUBLIC_KEY, handler, controller) === true;
  const roles = isPublic ? [] : (metadata<Role[]>(ROLES_KEY, handler, controller) ?? ALL_ROLES);
  const guards = [
    ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[] | undefined) ?? []),
    ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? []),
  ];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, key) ?? []) as unknown[];
  const validated = Object.entries(args).some(([argKey, arg]) => {
    const kind = Number(argKey.split(':')[0]);
    if (kind !== RouteParamtypes.BODY && kind !== RouteParamtypes.QUERY) return false;
    const type = types[arg.index];
    return typeof type === 'function' && ![String, Number, Boolean, Object, Array].includes(type as never);
  });
  return {
    operationId: `${controller.name}_${key}`,
    method: RequestMethod[method].toLowerCase(),
    isPublic,
    roles,
    owner: isPublic ? null : (metadata<OwnerSource>(OWNER_KEY, handler, controller) ?? null),
    duringReset: metadata<boolean>(DURING_RESET_KEY, handler, controller) === true,
    duringMfaEnrolment: metadata<boolean>(MFA_ENROLMENT_KEY, handler, controller) === true,
    signInThrottled: guards.includes(SignInThrottlerGuard),
    unsafe: ![RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS].includes(method),
    validated,
  };
}

/** The app's module graph without a database: Nest's preview mode builds the graph and instantiates nothing. */
async function previewApp(): Promise<NestExpressApplication> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tmpdir(),
    SESSION_SECRET: 'openapi-document-only-never-serving-requests',
    LOG_LEVEL: 'silent',
  });
  return NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
}

export interface ApiReference {
  document: OpenAPIObject;
  routes: RouteAccess[];
}

/**
 * Builds the API reference (docs/openapi.json) from the controllers' decorators, adding to each route what the global
 * guard and the request pipeline answer for it. No database, no listening socket: a few hundred milliseconds.
 */
export async function buildApiReference(): Promise<ApiReference> {
  const app = await previewApp();
  try {
    const version = (JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }).version;
    const base = new DocumentBuilder()
      .setTitle('Student Portal API')
      .setDescription(API_DESCRIPTION)
      .setVersion(version)
      .addSecurity('session', {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The httpOnly session cookie set at sign-in (POST /api/login-student, /api/admin-login, …).',
      })
      .addSecurity('csrf', {
        type: 'apiKey',
        in: 'header',
        name: CSRF_HEADER,
        description:
          `Every POST echoes the readable ${CSRF_COOKIE} cookie (GET /sanctum/csrf-cookie sets it) in this header. ` +
          'The token is bound to the session, or before sign-in to the browser; a new one comes with the answer ' +
          'whenever the binding changes.',
      })
      .build();
    const document = SwaggerModule.createDocument(app, base, { extraModels: [ApiErrorDto] });
    const components = (document.components ??= {});
    components.schemas = { ...components.schemas, ...API_SCHEMAS };
    const routes = routeAccess(app);
    applyAccess(document, routes);
    return { document: sortKeys(document) as OpenAPIObject, routes };
  } finally {
    await app.close();
  }
}

const API_DESCRIPTION = [
  "The JSON API of the Student Portal, generated from the server's controllers (npm run openapi).",
  'Every error answer has one shape, ApiErrorDto: { statusCode, message, errors? } (errors on 422; a 401 adds reason,',
  'a 409 of POST /api/student current). State-changing requests carry the CSRF header (security scheme csrf).',
  'Who may call a route is in its description and in x-public / x-roles / x-owner.',
].join(' ');

function operationsById(document: OpenAPIObject): Map<string, OperationObject> {
  const byId = new Map<string, OperationObject>();
  for (const item of Object.values(document.paths)) {
    for (const [key, op] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(key) && op) {
        const operation = op as OperationObject;
        if (operation.operationId) byId.set(operation.operationId, operation);
      }
    }
  }
  return byId;
}

function roleNames(roles: Role[]): string {
  const names: Record<Role, string> = {
    student: 'a student',
    guardian: 'a parent or guardian',
    admin: 'an administrator',
  };
  const list = roles.map((r) => names[r]);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : list[0];
}

function ownerText(owner: OwnerSource): string {
  const where =
    'param' in owner
      ? `the path parameter \`${owner.param}\``
      : 'body' in owner
        ? `the body field \`${owner.body}\``
        : `the query parameter \`${owner.query}\``;
  return (
    'a student only for herself and a guardian only for a student linked to her ' +
    `(the student is named by ${where}); an administrator for any student`
  );
}

function whoMayCall(route: RouteAccess): string {
  if (route.isPublic) return '**Who may call it:** anyone, signed in or not.';
  const who =
    route.roles.length === ALL_ROLES.length ? 'any signed-in account' : `only ${roleNames(route.roles)}, signed in`;
  const parts = [`**Who may call it:** ${who}`];
  if (route.owner) parts.push(ownerText(route.owner));
  let text = `${parts.join('; ')}.`;
  if (route.duringReset) text += ' Also while the account must still replace its first password.';
  if (route.duringMfaEnrolment) text += ' Also while an administrator must still set up two-step sign-in.';
  return text;
}

/** The statuses the guard, the CSRF check, the body parser and the validation pipe answer for this route. */
export function impliedStatuses(route: RouteAccess): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const add = (status: number, why: string) => out.set(status, [...(out.get(status) ?? []), why]);
  if (route.unsafe) {
    add(400, 'the body is not valid JSON, is nested too deeply, or names a reserved field');
    add(403, 'the CSRF token (X-XSRF-TOKEN) is missing or not valid for this session');
    add(413, 'a JSON body is larger than 200 kB');
  }
  if (!route.isPublic) {
    add(401, 'not signed in, or the session has ended (`reason` says why)');
    if (!route.duringReset) add(403, 'the account must still replace its first password');
    if (!route.duringMfaEnrolment && route.roles.includes('admin'))
      add(403, 'an administrator must still set up two-step sign-in (ADMIN_MFA=required)');
    if (route.roles.length < ALL_ROLES.length) add(403, `the account is not ${roleNames(route.roles)}`);
    if (route.owner) add(403, 'the account may not act for the student named');
    if (route.owner && !('param' in route.owner)) add(422, 'the student named is not text');
  }
  if (route.validated) add(422, 'a field is missing or refused: `errors` lists each field with its messages');
  if (route.signInThrottled)
    add(429, 'too many sign-in attempts from this address: Retry-After says how many seconds to wait');
  return out;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Adds to each operation who may call it, its security requirements and the statuses its pipeline implies. */
function applyAccess(document: OpenAPIObject, routes: RouteAccess[]): void {
  const operations = operationsById(document);
  for (const route of routes) {
    const op = operations.get(route.operationId) as (OperationObject & Record<string, unknown>) | undefined;
    if (!op) throw new Error(`The route ${route.operationId} is missing from the API reference.`);
    const requirement: Record<string, string[]> = {};
    if (!route.isPublic) requirement.session = [];
    if (route.unsafe) requirement.csrf = [];
    op.security = Object.keys(requirement).length > 0 ? [requirement] : [];
    if (route.isPublic) op['x-public'] = true;
    else op['x-roles'] = route.roles;
    if (route.owner) op['x-owner'] = route.owner;
    op.description = [op.description, whoMayCall(route)].filter(Boolean).join('\n\n');
    for (const param of (op.parameters ?? []) as ParameterObject[]) {
      if (param.in === 'path' && !param.description && STUDENT_PARAMS.has(param.name))
        param.description = 'A student ID.';
    }
    for (const [status, reasons] of impliedStatuses(route)) {
      const key = String(status);
      const existing = op.responses[key] as ResponseObject | undefined;
      const own = existing?.description ? [existing.description.replace(/\.$/, '')] : [];
      op.responses[key] = {
        description: `${capitalise([...own, ...reasons].join('; '))}.`,
        content: existing?.content ?? { 'application/json': { schema: ERROR_REF } },
      };
    }
  }
}

/** The same document whatever order things were declared in: every object's keys sorted, arrays as they are. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

/** Where the API reference is checked in, relative to the repository's root (npm scripts run there). */
export const OPENAPI_FILE = 'docs/openapi.json';

/** docs/openapi.json as written: two-space indentation, keys sorted, a final newline. */
export function serialise(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
