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
          'Product API (/api, bearer session token), stock-data API (/market-data, x-api-key) and operator API (/ops, operator token). Every answer is the envelope { code, message, data }: code OK with data, or an error code with data null.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Session token from sign-in' },
          opsToken: { type: 'http', scheme: 'bearer', description: 'The operator token (OPS_TOKEN)' },
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
