import { jsonSchemaHints, menuEntry } from '@imali/contract';

/**
 * The registry the document is generated with: the contract's JSON Schema hints (what refined
 * and transformed schemas accept, packages/contract/src/json-schema-hints.ts) plus the schemas
 * published as named components (`#/components/schemas/<id>`). A recursive schema must be one:
 * fastify-type-provider-zod can only reference a cycle through a registered id, and without one
 * it points at a `schema0` it never emits (issue 22).
 */
export const openapiRegistry = jsonSchemaHints;
if (!openapiRegistry.has(menuEntry)) {
  openapiRegistry.add(menuEntry, { id: 'MenuEntry', description: 'An entry of the client menu (recursive)' });
}
