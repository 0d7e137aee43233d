import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeInputStrings, dropMarks } from './input-strings';
import { LINKS } from './links';
import { routeTransform } from './route-docs';
import { openapiRegistry } from './schema-registry';

const componentsTransform = createJsonSchemaTransformObject({ schemaRegistry: openapiRegistry });

type Operation = {
  operationId?: string;
  parameters?: { schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { links?: object }>;
};

/** The whole-document half: registered components and the links of the main flows. */
const documentTransform: SwaggerTransformObject = (input) => {
  const document = componentsTransform(input) as { paths?: Record<string, Record<string, Operation>> };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) describeInputStrings(parameter.schema);
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        describeInputStrings(media.schema);
      dropMarks(operation.responses);
      const links = operation.operationId ? LINKS[operation.operationId] : undefined;
      const ok = operation.responses?.['200'] as { description?: string; links?: object } | undefined;
      // @fastify/swagger's placeholder for a response without a description.
      if (ok?.description === 'Default Response') ok.description = 'OK';
      if (links && ok) ok.links = links;
    }
  }
  dropMarks((document as { components?: unknown }).components);
  return document as ReturnType<SwaggerTransformObject>;
};

/**
 * Options of @fastify/swagger (app.ts): the document at /api/docs/json, OpenAPI 3.1 so every
 * schema in it is plain JSON Schema 2020-12 (what zod emits and what the contract test's Ajv
 * checks answers against). Design: apps/api/README.md, decision 0052.
 */
export function openapiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Imali API',
        version,
        description:
          'Product API (/api, bearer session token) and stock-data API (/market-data, x-api-key); the staff API (/ops) is served on its own port and origin with its own document (/ops/v1/openapi.json there). Every answer is the envelope { code, message, data }: code OK with data, or an error code with data null.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Session token from sign-in' },
          marketKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description: 'The market-data API key',
          },
          marketKeyQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'key',
            description:
              'The market-data API key as ?key= (the event stream only: EventSource sets no headers)',
          },
        },
      },
    },
    transform: routeTransform,
    transformObject: documentTransform,
  };
}

/**
 * The ops app's document (decision 0057), served on the ops origin at /ops/v1/openapi.json: the
 * staff API (a staff session cookie; step-up codes in a header) and, until the CLI signs in as a
 * staff user, the operator token's routes.
 */
export function opsOpenapiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Imali staff API',
        version,
        description:
          "The operator console's API (/ops/v1) on its own origin (OPS_PORT): a staff session cookie (imali_staff, from POST /ops/v1/auth/login with password and TOTP code), an Origin header equal to the console's on every state-changing request, and a fresh TOTP code in x-step-up-code (or a passkey's assertion in x-step-up-assertion, decision 0066) for the actions that need step-up. Every answer is the envelope { code, message, data }.",
      },
      servers: [{ url: '/', description: 'This server (the ops origin)' }],
      components: {
        securitySchemes: {
          staffCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'imali_staff',
            description: 'The staff session (httpOnly, SameSite=Strict), set by POST /ops/v1/auth/login',
          },
        },
      },
    },
    transform: routeTransform,
    transformObject: documentTransform,
  };
}
