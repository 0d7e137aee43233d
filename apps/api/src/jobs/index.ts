import { pruneRateLimitCounters } from '../plugins/rate-limit-store';
import type { Job } from './runner';
import { clientStandingJob } from './client-standing';
import { bonusExpiryJob } from './bonus-expiry';
import { fundsValueJob } from './funds-value';
import { ipoListingJob } from './ipo-listing';
import { portfolioSnapshotJob } from './portfolio-snapshots';
import { quantLifecycleJob } from './quant-lifecycle';
import { quotesPruneJob } from './quotes-prune';
import { uploadOrphansJob } from './uploads-orphans';

/** Deletes rate-limit counters whose window has ended. */
const rateLimitPruneJob: Job = {
  name: 'rate-limits.prune',
  summary: 'Delete per-IP rate-limit counters whose window has ended',
  intervalMs: 10 * 60 * 1000,
  async run(ctx) {
    const deleted = await pruneRateLimitCounters(ctx);
    return `Deleted ${deleted} expired rate-limit counter${deleted === 1 ? '' : 's'}.`;
  },
};

/** Every scheduled job. The API processes run them (app.ts); `npm run ops -- jobs run <name>` too. */
export const scheduledJobs: readonly Job[] = [
  uploadOrphansJob,
  rateLimitPruneJob,
  quotesPruneJob,
  ipoListingJob,
  fundsValueJob,
  quantLifecycleJob,
  portfolioSnapshotJob,
  clientStandingJob,
  bonusExpiryJob,
];

export { JobRunner, runJob, type Job, type JobOutcome } from './runner';
