import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, Messages } from '@imali/contract';

/** A rule of the domain was broken: safe to show the message to the user. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string = Messages.notFound) =>
  new DomainError(ErrorCode.NotFound, message, 404);

function send(reply: import('fastify').FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).type('application/json').send({ code, message, data: null });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return send(reply, error.statusCode, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return send(reply, 400, ErrorCode.InvalidInput, first?.message ?? 'Invalid input.');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, ErrorCode.RateLimited, Messages.rateLimited);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type): its message is safe.
      const code = status === 413 ? ErrorCode.FileTooLarge : ErrorCode.InvalidInput;
      return send(reply, status, code, error.message || Messages.requestFailed);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, ErrorCode.Internal, Messages.requestFailed);
  });
}
