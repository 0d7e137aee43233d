import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode, Messages } from '@imali/contract';
import { lt } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/index';
import type { AppContext } from '../lib/context';

type StoreResult = { current: number; ttl: number };
type Callback = (error: Error | null, result?: StoreResult) => void;
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store interface, backed by PostgreSQL (or PGlite): each route keeps its
 * own counter per client IP, counted by one upsert, so every process sharing the database shares
 * the limit. The clock is the app's (tests move it); processes on one host agree on it.
 */
function postgresStore(ctx: AppContext) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(ip: string, callback: Callback, timeWindow: number) {
      const now = ctx.securityClock.now();
      ctx.database
        .prepared<{ hits: number; ttl_ms: string }>(
          'rate_limit_incr',
          `insert into rate_limit_counters as c (key, hits, window_ends_at)
             values ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
           on conflict (key) do update set
             hits = case when c.window_ends_at <= $2 then 1 else c.hits + 1 end,
             window_ends_at = case when c.window_ends_at <= $2 then excluded.window_ends_at else c.window_ends_at end
           returning hits, ceil(extract(epoch from (window_ends_at - $2::timestamptz)) * 1000)::text as ttl_ms`,
          [this.prefix + ip, now.toISOString(), timeWindow],
        )
        .then(
          ([row]) => callback(null, { current: Number(row!.hits), ttl: Number(row!.ttl_ms) }),
          (error: Error) => callback(error),
        );
    }

    // At run time the plugin passes its merged route parameters, which carry `routeInfo`.
    child(options: unknown) {
      const routeOptions = options as RouteOptions;
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(
        undefined,
        `${this.prefix}${method}${routeOptions.routeInfo?.url ?? ''}:`,
      );
    }
  };
}

/** Deletes counters whose window ended (a scheduled job; counting never needs them). */
export async function pruneRateLimitCounters(ctx: AppContext) {
  const gone = await ctx.db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, ctx.securityClock.now()))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}

/**
 * Registers @fastify/rate-limit (per-route limits only, see lib/rate-limits.ts) with counters
 * every process shares: Redis when REDIS_URL is set, else the database.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext) {
  const redisUrl = ctx.config.REDIS_URL;
  // ioredis is loaded only where Redis is configured (not at every embedded start).
  const redis: Redis | undefined = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'imali-rl:' } : { store: postgresStore(ctx) }),
    // A store that cannot answer must not open the door: the request is refused.
    skipOnError: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: ErrorCode.RateLimited,
      message: Messages.rateLimited,
      retryAfter: context.after,
    }),
  });
}
