import type { PGlite } from '@electric-sql/pglite';
import { buildApp, buildOpsApp } from './app';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { openDatabase } from './db/open';
import { DEMO, DEMO_STAFF_PASSWORD, seedDemo } from './db/seed';
import { newOpaqueToken } from './lib/crypto';
import { demoClock } from './modules/market/trading-hours';
import { removeServerRecord, writeServerRecord, type ServerRecord } from './lib/server-lock';
import { hasNoStaff } from './modules/staff/staff.service';

/**
 * The server's start after its entry (server.ts): opens and migrates the database (`booting`: the
 * embedded one, already starting), builds the app, seeds the demo data and listens.
 */
export async function serve(loaded: Config, booting?: Promise<PGlite>) {
  // npm run demo: the app clock moves into the JSE's most recent session, once, at start-up (0044).
  const demo = loaded.DEMO_CLOCK ? demoClock(Date.now()) : undefined;
  const config = demo ? { ...loaded, MARKET_TIME_SHIFT_MS: demo.shiftMs } : loaded;
  const embedded = !config.DATABASE_URL;
  const database = await openDatabase(config, booting);
  const app = await buildApp({ config, database });
  if (demo) app.log.info(`${demo.description} Data folder: ${config.dataDir}`);

  // The demo credentials are printed only when this start seeded them into an empty database.
  const seedDemoData = async () => {
    if (await seedDemo(app.ctx)) {
      app.log.info(
        `Seeded demo data. Demo: invitation code ${DEMO.invitationCode}; client mobile ${DEMO.mobile}, password ${DEMO.password}, PIN ${DEMO.pin}; staff <role>@demo.imali.test, password ${DEMO_STAFF_PASSWORD} (TOTP secrets: db/seed.ts DEMO_STAFF, README)`,
      );
    }
  };
  // An empty database is seeded before the server answers: the demo client may sign in at once.
  // A seeded one only gets what was added to the demo set since (db/seed-trading.ts), a dozen
  // look-ups that need not hold up the start: they run once the server listens.
  const seedAfterListen = config.SEED_DEMO && (await hasInvitationCodes(database));
  if (config.SEED_DEMO && !seedAfterListen) await seedDemoData();
  let seeding: Promise<void> = Promise.resolve();

  // The staff API on its own port and origin (decision 0057). While no staff user exists, the
  // first staff admin can be created with a one-time secret written only into the 0600 record.
  let record: ServerRecord | undefined;
  const bootstrapSecret = (await hasNoStaff(app.ctx)) ? newOpaqueToken() : undefined;
  const opsApp = await buildOpsApp({
    ctx: app.ctx,
    bootstrapSecret,
    onBootstrapped: () => {
      if (!record) return;
      const { bootstrapSecret: _spent, ...rest } = record;
      record = rest;
      writeServerRecord(config.dataDir, record);
      app.log.info('The first staff admin exists: the bootstrap secret is removed.');
    },
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await seeding;
      await opsApp.close();
      await app.close();
      await database.close();
    } finally {
      removeServerRecord(config.dataDir, process.pid);
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Node's default accept backlog (511) is smaller than the crowd of quote streams that reconnect
  // together after a restart (EventSource retries in 3 s); the kernel caps it at net.core.somaxconn.
  // One socket: scaling out is more processes behind a proxy (decision 0021).
  const address = await app.listen({ host: config.HOST, port: config.PORT, backlog: 4096 });
  const opsAddress = await opsApp.listen({ host: config.HOST, port: config.opsPort });
  const port = app.server.address();
  const opsPort = opsApp.server.address();
  const opsPortNumber = typeof opsPort === 'object' && opsPort ? opsPort.port : config.opsPort;
  record = {
    pid: process.pid,
    port: opsPortNumber,
    opsPort: opsPortNumber,
    clientPort: typeof port === 'object' && port ? port.port : config.PORT,
    ...(bootstrapSecret ? { bootstrapSecret } : {}),
    embedded,
    startedAt: new Date().toISOString(),
  };
  writeServerRecord(config.dataDir, record);
  app.log.info(`Imali is running at ${address.replace('0.0.0.0', 'localhost')}`);
  app.log.info(`The staff API (operator console) is at ${opsAddress.replace('0.0.0.0', 'localhost')}/ops/v1`);
  if (bootstrapSecret) {
    app.log.info(
      'No staff user exists yet: create the first staff admin with `npm run ops -- staff bootstrap`.',
    );
  }
  if (seedAfterListen) {
    seeding = seedDemoData().catch((err: unknown) => app.log.error({ err }, 'demo data top-up failed'));
  }
}

async function hasInvitationCodes(database: DatabaseHandle) {
  const [row] = await database.query<{ found: boolean }>(
    'select exists (select 1 from invitation_codes) as found',
  );
  return row?.found === true;
}
