import { z } from 'zod';
import { menuEntry } from '@imali/contract';

/**
 * Schemas published as named components (`#/components/schemas/<id>`). A recursive schema must be
 * here: fastify-type-provider-zod can only reference a cycle through a registered id, and without
 * one it points at a `schema0` it never emits (issue 22).
 */
export const openapiRegistry = z.registry<{ id: string; description?: string }>();
openapiRegistry.add(menuEntry, { id: 'MenuEntry', description: 'An entry of the client menu (recursive)' });
