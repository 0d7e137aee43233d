export {};

// `npm run bench`: prints figures (never asserts). Each area's bench lives in its own file and
// exports `bench()`; a missing area is reported and skipped.
const areas = [
  './web-bundle.ts',
  './lighthouse.ts',
  './cold-start.ts',
  './memory.ts',
  './ledger.ts',
  './trading.ts',
  './portfolio.ts',
  './market.ts',
  './api-reads.ts',
  './test-loop.ts',
];
const only = process.argv.slice(2);

for (const file of areas) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  let mod: { bench?: () => Promise<void> };
  try {
    mod = await import(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
      console.log(`# ${file}: not present, skipped`);
      continue;
    }
    throw error;
  }
  if (typeof mod.bench !== 'function') continue;
  console.log(`# ${file}`);
  await mod.bench();
}
