import { ErrorCode } from '@imali/contract';
import type { FastifyContextConfig } from 'fastify';

/** An HTTP status of an error answer, and the codes it carries on a route. */
export type ErrorAnswers = Partial<Record<number, readonly ErrorCode[]>>;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function add(into: Map<number, Set<string>>, status: number, ...codes: readonly string[]) {
  let set = into.get(status);
  if (!set) into.set(status, (set = new Set()));
  for (const code of codes) set.add(code);
}

export interface RouteFacts {
  method: string;
  access: NonNullable<FastifyContextConfig['auth']>;
  config: FastifyContextConfig;
  hasInput: boolean;
  hasParams: boolean;
  takesBody: boolean;
  upload: boolean;
  /** The operation's entry in domain-errors.ts. */
  domain?: ErrorAnswers;
}

/**
 * The error answers a route can give, from what the route declares (decision 0052): the access
 * hook (plugins/auth.ts), KYC and PIN checks, rate limits, input schemas, the body limit and
 * content-type parser, idempotency keys, uploads (modules/uploads/multipart.ts), plus the domain
 * answers the route names in `config.openapi.errors`. The contract test (lib/openapi/README)
 * fails the run on any answer not described here.
 */
export function errorAnswersOf(route: RouteFacts): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const { config, access } = route;
  if (access === 'client') add(out, 401, ErrorCode.Unauthenticated, ErrorCode.SessionExpired);
  if (access === 'market') add(out, 401, ErrorCode.Unauthenticated);
  if (access === 'staff') {
    // plugins/auth.ts: no cookie, an ended or expired session; a role without the permission;
    // a state-changing request without the console's Origin; a missing, wrong or spent step-up code.
    add(out, 401, ErrorCode.Unauthenticated, ErrorCode.SessionExpired);
    if (config.permission || !['GET', 'HEAD'].includes(route.method)) add(out, 403, ErrorCode.Forbidden);
    if (config.stepUp) add(out, 401, ErrorCode.InvalidCode);
  }
  if (config.kyc) add(out, 403, ErrorCode.KycRequired);
  if (config.pin) add(out, 403, ErrorCode.PinRequired);
  if (config.rateLimit) add(out, 429, ErrorCode.RateLimited);
  // Schema validation and the input guard (control characters) answer 400 INVALID_INPUT.
  if (route.hasInput || route.takesBody) add(out, 400, ErrorCode.InvalidInput);
  if (route.hasParams) {
    add(out, 404, ErrorCode.NotFound);
    // A path parameter over Fastify's maxParamLength (100 characters).
    add(out, 414, ErrorCode.InvalidInput);
  }
  if (route.takesBody) {
    // Fastify's body limit (1 MB) and content-type parser (plugins/errors.ts maps them).
    add(out, 413, ErrorCode.FileTooLarge);
    add(out, 415, ErrorCode.InvalidInput);
  }
  if (config.idempotent) {
    add(out, 400, ErrorCode.InvalidInput);
    add(out, 409, ErrorCode.IdempotencyMismatch);
  }
  if (route.upload) {
    add(out, 400, ErrorCode.InvalidInput);
    add(out, 413, ErrorCode.FileTooLarge);
    add(out, 415, ErrorCode.UnsupportedFile);
    // modules/uploads/uploads.service.ts: files per hour, storage quota.
    add(out, 429, ErrorCode.RateLimited);
    add(out, 413, ErrorCode.LimitExceeded);
  }
  for (const [status, codes] of Object.entries({ ...route.domain })) {
    add(out, Number(status), ...(codes ?? []));
  }
  for (const [status, codes] of Object.entries(config.openapi?.errors ?? {})) {
    add(out, Number(status), ...(codes ?? []));
  }
  // Any route can fail unexpectedly: the error handler answers 500 INTERNAL.
  add(out, 500, ErrorCode.Internal);
  return out;
}

/** The error envelope (contract `errorEnvelope`) narrowed to the codes of one answer. */
export function errorResponse(status: number, codes: Set<string>) {
  const list = [...codes].sort();
  return {
    description: `${REASONS[status] ?? 'Error'}: ${list.join(', ')}`,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            code: { type: 'string', enum: list },
            message: { type: 'string' },
            data: { type: 'null' },
          },
          required: ['code', 'message', 'data'],
          additionalProperties: false,
        },
      },
    },
  };
}
