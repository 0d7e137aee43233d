import { pruneQuotes } from '../modules/quotes/quotes.service';
import type { Job } from './runner';

/** Deletes quotations nobody used, a day after they expired (used ones stay: receipts name them). */
export const quotesPruneJob: Job = {
  name: 'quotes.prune',
  summary: 'Delete unconsumed quotations that expired more than a day ago',
  intervalMs: 60 * 60 * 1000,
  async run(ctx) {
    const deleted = await pruneQuotes(ctx);
    return `Deleted ${deleted} unused quotation${deleted === 1 ? '' : 's'}.`;
  },
};
