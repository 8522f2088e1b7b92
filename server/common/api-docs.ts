import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiQuery,
  ApiResponse,
  type SchemaObject,
} from '@nestjs/swagger';
import type { ApiErrorBody, SessionEndReason } from '../../shared/api-types.js';

/*
 * The API reference (docs/openapi.json) is generated from the controllers: each route carries one @ApiRoute() with its
 * summary, its success answer and the error statuses it answers itself. What the global guard, the CSRF check, the body
 * parser and the validation pipe add to every route they apply to (401, 403, 400, 422, 429, who may call it) is added
 * by server/openapi/openapi-document.ts from the same metadata the guard reads, so it cannot drift from it.
 */

const SESSION_END_REASONS = [
  'idle',
  'expired',
  'password-changed',
  'password-reset',
  'access-removed',
  'left-school',
  'signed-out',
  'ended',
] as const satisfies readonly SessionEndReason[];

/** The one error shape of the API (ApiExceptionFilter): every 4xx and 5xx answer has it. */
export class ApiErrorDto implements ApiErrorBody {
  @ApiProperty({ description: 'The HTTP status, repeated.', example: 422 })
  statusCode: number;

  @ApiProperty({ description: 'A message to show as it is.', example: 'Please correct the highlighted fields.' })
  message: string;

  @ApiPropertyOptional({
    description: '422 only: each refused field with its messages.',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  })
  errors?: Record<string, string[]>;

  @ApiPropertyOptional({
    description: '409 on POST /api/student only: the values the server holds now.',
    type: 'object',
    additionalProperties: true,
  })
  current?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: '401 only: why this browser has no session.',
    enum: SESSION_END_REASONS,
  })
  reason?: SessionEndReason;
}

/** The error statuses a route can document itself (with when it answers them). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface ApiSuccess {
  /** 200 unless given. */
  status?: 200 | 201 | 202 | 204;
  description: string;
  /** A model class (or [class] for a list of them). */
  type?: Type<unknown> | [Type<unknown>];
  /** An inline JSON schema, when there is no model class. */
  schema?: SchemaObject;
  /** A file answer: its media type (the body is the file's bytes). */
  file?: string;
}

export interface ApiRouteOptions {
  summary: string;
  description?: string;
  ok: ApiSuccess;
  /**
   * The error statuses the route answers beyond those its guard, the CSRF check and validation imply, with when; their
   * body is ApiErrorDto unless a schema is given.
   */
  errors?: Partial<Record<ErrorStatus, string | { description: string; schema: SchemaObject }>>;
}

/** Ends with a full stop, as every answer's description in the reference does. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A route's entry in the API reference: summary, success answer, and the error statuses it answers itself. */
export function ApiRoute(options: ApiRouteOptions): MethodDecorator {
  const { ok } = options;
  const status = ok.status ?? 200;
  const success = ok.file
    ? ApiResponse({
        status,
        description: ok.description,
        content: { [ok.file]: { schema: { type: 'string', format: 'binary' } } },
      })
    : ok.type
      ? ApiResponse({
          status,
          description: ok.description,
          type: Array.isArray(ok.type) ? ok.type[0] : ok.type,
          isArray: Array.isArray(ok.type),
        })
      : ok.schema
        ? ApiResponse({ status, description: ok.description, schema: ok.schema })
        : ApiResponse({ status, description: ok.description });
  const errors = Object.entries(options.errors ?? {}).map(([code, error]) =>
    typeof error === 'string'
      ? ApiResponse({ status: Number(code), description: sentence(error), type: ApiErrorDto })
      : ApiResponse({ status: Number(code), description: sentence(error.description), schema: error.schema }),
  );
  return applyDecorators(
    ApiOperation({ summary: options.summary, ...(options.description ? { description: options.description } : {}) }),
    success,
    ...errors,
  );
}

/** An upload: a multipart body with these fields (`file` fields are files). */
export function ApiMultipart(
  properties: Record<string, SchemaObject>,
  required: string[],
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', properties, required } }),
  );
}

/** `?dry_run=1`: check the file and answer what an import would do, storing nothing. */
export const ApiDryRun = () =>
  ApiQuery({
    name: 'dry_run',
    required: false,
    schema: { type: 'string', enum: ['1'] },
    description: '1: check only, store nothing.',
  });
