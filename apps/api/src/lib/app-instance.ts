import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';

/**
 * The Fastify instance every route module receives: zod-typed, with the app's context and the
 * operator token. Its own file, so route modules need not import app.ts (which imports them).
 */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
> & { ctx: AppContext };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
