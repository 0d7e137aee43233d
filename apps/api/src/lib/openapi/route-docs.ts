import type { FastifyContextConfig, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, idempotencyKey } from '@imali/contract';
import { defaultAccess } from '../../plugins/auth';
import { DOMAIN_ERRORS } from './domain-errors';
import { errorAnswersOf, errorResponse, type ErrorAnswers } from './error-responses';
import { openapiRegistry } from './schema-registry';
import { markTrimmedStrings } from './input-strings';

/** What a route tells the document beyond its schema (route `config`). */
export interface RouteOpenapi {
  /** Domain error answers the route's service gives, by status. */
  errors?: ErrorAnswers;
  /** Content types of a 200 that is not JSON (files, CSV, Server-Sent Events). */
  produces?: readonly string[];
  /** A credential the handler checks itself on a route without the access hook. */
  security?: 'bearer';
  /** A body the handler checks itself (not through a route schema): documented only. */
  body?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money-moving POST: requires the Idempotency-Key header (modules/ledger/idempotency.ts). */
    idempotent?: boolean;
    openapi?: RouteOpenapi;
  }
}

const zodTransform = createJsonSchemaTransform({
  schemaRegistry: openapiRegistry,
  skipList: [],
  zodToJsonConfig: { override: zodOverride },
});

/**
 * The library's own override for OpenAPI 3.1 (empty union branches dropped, dates as date-time
 * text, undefined as null in outputs: fastify-type-provider-zod's zod-to-json.ts), plus the
 * trimmed-string mark (input-strings.ts). Dates and undefined never reach our schemas as inputs.
 */
function zodOverride(ctx: Parameters<typeof markTrimmedStrings>[0]) {
  const def = (ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def;
  const json = ctx.jsonSchema as Record<string, unknown> & { anyOf?: object[] };
  if (def.type === 'union' && json.anyOf) json.anyOf = json.anyOf.filter((b) => Object.keys(b).length > 0);
  if (def.type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
  if (def.type === 'undefined') json.type = 'null';
  markTrimmedStrings(ctx);
}

const SECURITY = {
  public: [],
  client: [{ bearer: [] }],
  staff: [{ staffCookie: [] }],
  market: [{ marketKey: [] }],
} as const;

/** `GET /api/funds/app/v1/{id}/nav` → `getApiFundsAppV1ByIdNav`: stable, unique, readable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split(/[/_.-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split('-'))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The DOMAIN_ERRORS entries some route used: openapi-document.test.ts checks that none is stale. */
export const usedDomainEntries = new Set<string>();

/** DOMAIN_ERRORS keys no documented route used (a renamed or removed route). */
export const staleDomainEntries = () => Object.keys(DOMAIN_ERRORS).filter((id) => !usedDomainEntries.has(id));

type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/**
 * The per-route half of the document (decision 0052): zod schemas to JSON Schema (the library's
 * transform), then what the route's config says: security as plugins/auth.ts enforces it, the
 * Idempotency-Key header, multipart bodies, non-JSON answers and every error answer.
 */
export const routeTransform: SwaggerTransform = (input) => {
  const route = input.route as RouteOptions;
  const config: FastifyContextConfig = (route.config as FastifyContextConfig | undefined) ?? {};
  const own = (input.schema ?? {}) as Schema;
  const method = String(route.method);
  const upload = Array.isArray(own.consumes) && own.consumes.includes('multipart/form-data');

  const withHeaders: Schema = { ...own };
  if (config.idempotent) {
    withHeaders.headers = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey });
  }
  if (config.openapi?.body && !own.body) withHeaders.body = config.openapi.body;
  const { schema: transformed, url } = zodTransform({ ...input, schema: withHeaders } as never) as {
    schema: Schema;
    url: string;
  };
  if (transformed.hide) return { schema: transformed, url };

  const schema: Schema = { ...transformed };
  const access = config.auth ?? defaultAccess(route.url);
  schema.operationId = operationIdOf(method, route.url);
  // A route may list alternatives of its own (the stream also takes the key as ?key=).
  schema.security =
    config.openapi?.security === 'bearer'
      ? SECURITY.client
      : access === 'market' && own.security
        ? own.security
        : SECURITY[access];
  if (upload) {
    schema.body = {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: 'The file (one part named "file")' },
      },
      required: ['file'],
    };
  }

  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const produces = config.openapi?.produces;
  if (produces && !response[200]) {
    response[200] = {
      description: 'OK',
      content: Object.fromEntries(produces.map((type) => [type, { schema: { type: 'string' } }])),
    };
  }
  const errors = errorAnswersOf({
    method,
    access,
    config,
    hasInput: Boolean(own.querystring || own.params || own.body || own.headers),
    hasParams: Boolean(own.params) || route.url.includes(':'),
    takesBody: method === 'POST' || method === 'PUT' || method === 'PATCH',
    upload,
    domain: DOMAIN_ERRORS[schema.operationId as string],
  });
  if (DOMAIN_ERRORS[schema.operationId as string]) usedDomainEntries.add(schema.operationId as string);
  for (const [status, codes] of errors) response[status] = errorResponse(status, codes);
  schema.response = response;
  return { schema, url };
};
