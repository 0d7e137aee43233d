import { buildApp } from './app';
import { loadConfig } from './config/env';
import { openDatabase } from './db/open';
import { DEMO, seedDemo } from './db/seed';
import { newOpaqueToken } from './lib/crypto';
import { readServerRecord, removeServerRecord, writeServerRecord } from './lib/server-lock';

const config = loadConfig();
const embedded = !config.DATABASE_URL;

if (embedded) {
  const other = readServerRecord(config.dataDir);
  if (other && other.pid !== process.pid) {
    console.error(
      `Another Imali server (pid ${other.pid}, port ${other.port}) is using ${config.dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    process.exit(1);
  }
}

const database = await openDatabase(config);
const opsToken = config.OPS_TOKEN ?? newOpaqueToken();
const app = await buildApp({ config, database, opsToken });

// The demo credentials are printed only when this start seeded them into an empty database.
if (config.SEED_DEMO && (await seedDemo(app.ctx))) {
  app.log.info(
    `Seeded demo data. Demo: invitation code ${DEMO.invitationCode}; client mobile ${DEMO.mobile}, password ${DEMO.password}, PIN ${DEMO.pin}`,
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
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
const port = app.server.address();
writeServerRecord(config.dataDir, {
  pid: process.pid,
  port: typeof port === 'object' && port ? port.port : config.PORT,
  opsToken,
  embedded,
  startedAt: new Date().toISOString(),
});
app.log.info(`Imali is running at ${address.replace('0.0.0.0', 'localhost')}`);
