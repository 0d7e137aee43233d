import { snapshotDays } from '../modules/portfolio/portfolio.service';
import type { Job } from './runner';

/**
 * Writes every active account's value at the end of each finished South African day (the series
 * the return figures and charts read). Hourly, so a day is stored within the hour after midnight;
 * a day already stored is kept, so a rerun or a second process writes nothing.
 */
export const portfolioSnapshotJob: Job = {
  name: 'portfolio.snapshot',
  summary: "Store each active account's value at the end of every finished day",
  intervalMs: 60 * 60 * 1000,
  async run(ctx) {
    const { accounts, days } = await snapshotDays(ctx);
    return `Stored ${days} daily value${days === 1 ? '' : 's'} for ${accounts} account${accounts === 1 ? '' : 's'}.`;
  },
};
