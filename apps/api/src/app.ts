import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, Messages } from '@imali/contract';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { AppContext } from './lib/context';
import { contextClocks, type Clock } from './lib/clock';
import type { AppInstance } from './lib/app-instance';
import { isApiPath } from './lib/api-paths';
import { openapiOptions, opsOpenapiOptions } from './lib/openapi/document';
import { serializeError } from './lib/log-redaction';
import { newOpaqueToken } from './lib/crypto';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerRateLimits } from './plugins/rate-limit-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerServerClock } from './plugins/server-clock';
import { healthRoutes } from './modules/health/health.routes';
import { identityModules } from './modules/identity-modules';
import { moneyModules } from './modules/money-modules';
import { marketModules } from './modules/market-modules';
import { tradingModules } from './modules/trading-modules';
import { opsModules } from './modules/ops-modules';
import { wiring } from './modules/wiring';
import { MULTIPART_LIMITS } from './modules/uploads/multipart';
import { JobRunner, scheduledJobs } from './jobs/index';
import { loadExchangeCalendar, startExchangeCalendarRefresh } from './modules/market/market.service';
import { keepFeeSchedulesFresh } from './modules/fees/fees.service';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** The machine's time unless a test's; the app clock is it moved by MARKET_TIME_SHIFT_MS. */
  clock?: Clock;
  /** Where log lines go: standard output unless given (tests read them). */
  logStream?: { write(line: string): void };
}

export type { AppInstance };

export const API_VERSION = '0.1.0';

/**
 * Request ids for the logs: unique per process start plus a counter. They correlate log lines;
 * nothing trusts them, so a random draw per request (measurable on the hot path) buys nothing.
 */
function requestIds() {
  const boot = newOpaqueToken().slice(0, 8);
  let seq = 0;
  return () => `${boot}-${(seq += 1).toString(36)}`;
}

/** The Fastify instance with the settings both apps share (the client app and the ops app). */
function newFastify(config: Config, logStream: BuildOptions['logStream']): AppInstance {
  return Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
            // Errors carry query parameters and driver details: only their redacted form is logged.
            serializers: { err: (error) => serializeError(error), error: (error) => serializeError(error) },
            ...(logStream
              ? { stream: logStream }
              : config.NODE_ENV === 'development' && process.stdout.isTTY
                ? { transport: { target: 'pino-pretty' } }
                : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 10_000,
    requestTimeout: 10_000,
    genReqId: requestIds(),
    // Every schema is zod's (the validator below is wrapped by plugins/input-guard.ts, the
    // serializer set below): naming zod's compilers here keeps Fastify from loading its default
    // Ajv and fast-json-stringify compilers, ~0.2 s of CPU at every start (decision 0037).
    schemaController: {
      // (Fastify types these factories for Ajv's compilers, hence the casts.)
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
    // Errors the router answers before any route runs (a path parameter over maxParamLength: 414;
    // a path that is not valid percent-encoding: 400) go out in the envelope like every other
    // error; Fastify's default body is { error, message, statusCode } (found by the contract test).
    frameworkErrors: (error, _request, reply) =>
      (reply as import('fastify').FastifyReply)
        .status(error.statusCode ?? 400)
        .type('application/json')
        .send({ code: ErrorCode.InvalidInput, message: error.message || Messages.requestFailed, data: null }),
    // Prototype-poisoning protection stays at Fastify's default ('error') on purpose.
  }).withTypeProvider<ZodTypeProvider>() as unknown as AppInstance;
}

/** What both apps register first: input guard, serializer, errors, headers, clock, rate limits, compression. */
async function registerBasics(app: AppInstance, ctx: AppContext) {
  registerInputGuard(app);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  registerServerClock(app, ctx);
  await registerRateLimits(app, ctx);
  // JSON over 1 KB goes out compressed (chart data, lists). The built SPA's files are compressed
  // once at build time and served as they are (preCompressed below); streams hijack the reply.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    // Quality 4: most of brotli's gain at a fraction of its top-quality cost, per response.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export async function buildApp(options: BuildOptions): Promise<AppInstance> {
  const { config, database } = options;
  const app = newFastify(config, options.logStream);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    ...contextClocks(config, options.clock),
    // The products and other plug-ins (modules/wiring.ts), handed to the modules that call them.
    wiring,
  };
  app.decorate('ctx', ctx);

  await registerBasics(app, ctx);

  // The published document: lib/openapi (decision 0052).
  await app.register(fastifySwagger, openapiOptions(API_VERSION));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });

  registerAuth(app, ctx, { surface: 'client' });

  await app.register(
    async (api) => {
      // Only the product API takes uploads (KYC images, avatars, proofs of payment). Multipart
      // adds a hook on every request of its scope, so the stock-data and ops APIs stay outside.
      // Routes read the body through modules/uploads/multipart.ts (readUploadedFile), which maps
      // every parser error to our 400/413 answers.
      await api.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
      await api.register(healthRoutes);
      await api.register(identityModules);
      await api.register(moneyModules);
      await api.register(tradingModules);
    },
    { prefix: '/api' },
  );
  // The staff API is not here: it is the ops app's (buildOpsApp), on its own port and origin, and
  // this app answers 404 for /ops (decision 0057).
  await app.register(marketModules);

  registerSpa(app, config.webDistDir);

  // The exchange closures an operator declared (decision 0055): loaded before the first request,
  // then checked once a second, so every process follows a declaration within a second.
  let calendarRefresh: { stop: () => void } | undefined;
  app.addHook('onReady', async () => {
    await loadExchangeCalendar(ctx);
    calendarRefresh = startExchangeCalendarRefresh(ctx, (err) =>
      app.log.warn({ err }, 'exchange calendar: the declared closures could not be reloaded'),
    );
  });
  app.addHook('onClose', async () => calendarRefresh?.stop());
  // The fee schedules published through approvals (decision 0063): loaded before the first request.
  keepFeeSchedulesFresh(app, ctx);

  if (config.JOBS_ENABLED) {
    // Scheduled work (src/jobs) under advisory locks: with several processes each job runs once.
    const runner = new JobRunner(ctx, scheduledJobs, app.log);
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
  return app;
}

export interface BuildOpsOptions {
  /** The client app's context: the same database, config and clocks (app.ctx). */
  ctx: AppContext;
  /**
   * The one-time secret of POST /ops/v1/staff/bootstrap, while no staff user exists (the server
   * writes it into its 0600 record, lib/server-lock.ts). Unset: bootstrap over HTTP is refused.
   */
  bootstrapSecret?: string;
  /** Called once the first staff admin exists (the server drops the secret from its record). */
  onBootstrapped?: () => void;
  logStream?: { write(line: string): void };
}

/**
 * The ops app (issue 23, decision 0057): the staff API under /ops on its own port (OPS_PORT), so
 * its own origin and its own cookie, sharing the client app's context (one database, one config).
 * Every route of modules/ops-modules.ts; a staff session cookie (plugins/auth.ts, `auth: 'staff'`)
 * and an Origin check on state-changing requests; its own OpenAPI document at
 * /ops/v1/openapi.json. Everything else answers 404.
 */
export async function buildOpsApp(options: BuildOpsOptions): Promise<AppInstance> {
  const { ctx } = options;
  const app = newFastify(ctx.config, options.logStream);
  app.decorate('ctx', ctx);
  const bootstrap = { secret: options.bootstrapSecret, done: options.onBootstrapped };
  app.decorate('staffBootstrap', bootstrap);

  await registerBasics(app, ctx);
  await app.register(fastifySwagger, opsOpenapiOptions(API_VERSION));
  registerAuth(app, ctx, { surface: 'ops' });
  keepFeeSchedulesFresh(app, ctx);
  app.get('/ops/v1/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
  await app.register(opsModules, { prefix: '/ops' });
  registerConsole(app, ctx.config.consoleDistDir);
  return app;
}

/**
 * The operator console's build (apps/console/dist, decision 0060) at / of the ops origin: its
 * files, and index.html for any other GET outside /ops and /assets (the console's own routes).
 * Without a build, everything but /ops is a 404 as before.
 */
function registerConsole(app: AppInstance, distDir: string) {
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // apps/console/vite-precompress.ts writes .br and .gz beside each text file.
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders(res, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/ops' || request.url.startsWith('/ops/') || request.url.startsWith('/ops?');
    if (hasDist && request.method === 'GET' && !isApi && !request.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NotFound, message: Messages.notFound, data: null });
  });
}

/**
 * Serves the built SPA; unknown non-API paths get index.html so client routes (and its 404) work.
 * A missing file under /assets/ is a 404: a stale client must fail to load its chunk (and reload),
 * not parse index.html as JavaScript.
 */
function registerSpa(app: AppInstance, distDir: string) {
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts).
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders(res, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // /ops (the staff API's prefix) is the ops app's alone: never the web app's index.html here.
    const isApi = isApiPath(request.url) || request.url === '/ops' || request.url.startsWith('/ops?');
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasDist && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NotFound, message: Messages.notFound, data: null });
  });
}
