import { startServer, tempDir } from './support';

/** Cold start of `npm start` to a healthy /api/health on an existing embedded database. */
export async function bench() {
  const dataDir = tempDir('imali-bench-start-');
  const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  await first.stop();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    runs.push(server.startMs);
    await server.stop();
  }
  runs.sort((a, b) => a - b);
  console.log(`cold_start.first_start_empty_db_ms: ${first.startMs.toFixed(0)}`);
  console.log(
    `cold_start.existing_db_median_ms: ${runs[1]!.toFixed(0)} (runs: ${runs.map((r) => r.toFixed(0)).join(', ')})`,
  );
}
